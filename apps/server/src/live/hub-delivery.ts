/**
 * Sending on the live hub's sockets: sends never wait, a socket over `maxBuffered` unsent bytes is
 * closed (1001 `too slow`, docs/api.md) so a slow reader never holds up the others, and the sockets
 * written in one round of fan-out are corked and uncorked together right after it.
 */
import { LIVE_CLOSE_CODES, LIVE_EVENTS, type LiveServerMessage, liveMessage } from '@towerwatch/contract';
import type { HubSocket } from './hub-types.ts';

/** `WebSocket.OPEN`. */
export const OPEN = 1;

export interface HubDelivery {
  /** Sends serialised data; a socket over the buffer limit is closed so it cannot hold others up. */
  deliver(socket: HubSocket, data: string | Buffer): void;
  send(client: { socket: HubSocket }, message: LiveServerMessage): void;
  sendError(socket: HubSocket, message: string, action?: string): void;
  /** Uncorks every socket corked in this round now (on close). */
  uncorkAll(): void;
}

export function createHubDelivery(maxBuffered: number): HubDelivery {
  /** Sockets corked in this round of fan-out, uncorked together right after it (setImmediate). */
  const corked = new Set<HubSocket>();
  const uncorkAll = () => {
    for (const socket of corked) socket.uncork?.();
    corked.clear();
  };
  const deliver = (socket: HubSocket, data: string | Buffer) => {
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'too slow');
      return;
    }
    if (socket.cork && !corked.has(socket)) {
      if (corked.size === 0) setImmediate(uncorkAll);
      corked.add(socket);
      socket.cork();
    }
    socket.send(data);
  };
  const send = (client: { socket: HubSocket }, message: LiveServerMessage) =>
    deliver(client.socket, JSON.stringify(message));
  const sendError = (socket: HubSocket, message: string, action?: string) =>
    send({ socket }, liveMessage(LIVE_EVENTS.ERROR, { message, ...(action ? { action } : {}) }));
  return { deliver, send, sendError, uncorkAll };
}
