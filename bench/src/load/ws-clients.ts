/**
 * Live socket clients, run as a child process by fanout.ts: opens many /wss sockets (LOGIN with the
 * given tokens), counts every message they receive and times SITE_EVENT messages from the event's
 * device time (the reading's `ts`) to arrival, in a 1 ms histogram the parent merges exactly.
 */
import { LIVE_EVENTS } from '@towerwatch/contract';
import type WebSocket from 'ws';
import { openLiveSocket } from '../lib/live.ts';

export const HISTOGRAM_MS = 30_000;

export type WsParentMessage =
  | { cmd: 'open'; wsUrl: string; tokens: string[] }
  | { cmd: 'reset' }
  | { cmd: 'report' }
  | { cmd: 'close' };

export type WsChildMessage =
  | { type: 'opened'; sockets: number; failed: number; error: string | null; openMs: number }
  | {
      type: 'report';
      messages: number;
      siteEvents: number;
      byEvent: Record<string, number>;
      /** histogram[i] = SITE_EVENTs that took i ms (the last bucket: that or more). */
      histogram: number[];
      closed: number;
    }
  | { type: 'error'; error: string };

const sockets: WebSocket[] = [];
let messages = 0;
let siteEvents = 0;
let closed = 0;
let byEvent: Record<string, number> = {};
let histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);

function reply(message: WsChildMessage): void {
  process.send?.(message);
}

async function open(wsUrl: string, tokens: string[]): Promise<void> {
  const started = performance.now();
  let failed = 0;
  let error: string | null = null;
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = tokens.slice(i, i + 50).map((token) =>
      openLiveSocket(
        wsUrl,
        token,
        (message, receivedAt) => {
          messages++;
          byEvent[message.event] = (byEvent[message.event] ?? 0) + 1;
          if (message.event !== LIVE_EVENTS.SITE_EVENT) return;
          siteEvents++;
          const time = Date.parse(String(message.payload.time));
          const ms = Math.max(0, Math.min(HISTOGRAM_MS, Math.round(receivedAt - time)));
          histogram[ms] = (histogram[ms] ?? 0) + 1;
        },
        120_000,
      ).then(
        (socket) => {
          socket.on('close', () => {
            closed++;
          });
          sockets.push(socket);
        },
        (err: unknown) => {
          failed++;
          error = err instanceof Error ? err.message : String(err);
        },
      ),
    );
    await Promise.all(batch);
  }
  reply({
    type: 'opened',
    sockets: sockets.length,
    failed,
    error,
    openMs: Math.round(performance.now() - started),
  });
}

process.on('message', (message: WsParentMessage) => {
  if (message.cmd === 'open') {
    open(message.wsUrl, message.tokens).catch((err: unknown) => reply({ type: 'error', error: String(err) }));
  } else if (message.cmd === 'reset') {
    messages = 0;
    siteEvents = 0;
    byEvent = {};
    histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);
  } else if (message.cmd === 'report') {
    reply({ type: 'report', messages, siteEvents, byEvent, histogram, closed });
  } else {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
