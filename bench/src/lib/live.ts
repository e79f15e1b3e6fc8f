/** A /wss client: opens the socket, sends LOGIN with an access token, resolves on LOGIN_OK. */
import { LIVE_ACTIONS, LIVE_EVENTS } from '@towerwatch/contract';
import WebSocket from 'ws';

export interface LiveMessage {
  event: string;
  payload: Record<string, unknown>;
}

export function openLiveSocket(
  wsUrl: string,
  token: string,
  onMessage: (message: LiveMessage, receivedAt: number) => void,
  timeoutMs = 30_000,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    let loggedIn = false;
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('live socket: no LOGIN_OK in time'));
    }, timeoutMs);
    socket.on('open', () => socket.send(JSON.stringify({ action: LIVE_ACTIONS.LOGIN, token })));
    socket.on('message', (data: Buffer) => {
      const receivedAt = Date.now();
      let message: LiveMessage;
      try {
        message = JSON.parse(data.toString('utf8')) as LiveMessage;
      } catch {
        return;
      }
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
