/** A /wss client: opens the socket, sends LOGIN with an access token, resolves on LOGIN_OK. */
import { LIVE_ACTIONS, LIVE_EVENTS } from '@towerwatch/contract';
import WebSocket from 'ws';

export interface LiveMessage {
  event: string;
  payload: Record<string, unknown>;
}

const EVENT_PREFIX = '{"event":"';

/**
 * A received message, read lazily: the event name from the first bytes (the server writes `event`
 * first), the payload parsed only when asked for. At tens of thousands of messages per second the
 * load generator shares the server's two cores; parsing every multi-kB SITE_STATUS_UPDATED it only
 * counts would make the clients, not the server, the bottleneck of the fan-out benchmark.
 */
function lazyMessage(data: Buffer): LiveMessage | null {
  const head = data.toString('latin1', 0, 64);
  if (head.startsWith(EVENT_PREFIX)) {
    const end = head.indexOf('"', EVENT_PREFIX.length);
    if (end > 0) {
      let payload: Record<string, unknown> | undefined;
      return {
        event: head.slice(EVENT_PREFIX.length, end),
        get payload() {
          payload ??= (JSON.parse(data.toString('utf8')) as LiveMessage).payload;
          return payload;
        },
      };
    }
  }
  try {
    return JSON.parse(data.toString('utf8')) as LiveMessage;
  } catch {
    return null;
  }
}

export function openLiveSocket(
  wsUrl: string,
  token: string,
  onMessage: (message: LiveMessage, receivedAt: number) => void,
  timeoutMs = 30_000,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false, skipUTF8Validation: true });
    let loggedIn = false;
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('live socket: no LOGIN_OK in time'));
    }, timeoutMs);
    socket.on('open', () => socket.send(JSON.stringify({ action: LIVE_ACTIONS.LOGIN, token })));
    socket.on('message', (data: Buffer) => {
      const receivedAt = Date.now();
      const message = lazyMessage(data);
      if (!message) return;
      if (!loggedIn && message.event === LIVE_EVENTS.LOGIN_OK) {
        loggedIn = true;
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      onMessage(message, receivedAt);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!loggedIn) reject(new Error(`live socket closed before LOGIN_OK: ${code} ${reason.toString()}`));
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      if (!loggedIn) reject(err);
    });
  });
}
