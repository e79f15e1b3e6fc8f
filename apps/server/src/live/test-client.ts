/**
 * A /wss client for tests: collects server messages, waits for a given event or for the close.
 */
import { type LiveServerMessage, parseLiveServerMessage } from '@towerwatch/contract';
import WebSocket from 'ws';

export interface TestLiveClient {
  ws: WebSocket;
  messages: LiveServerMessage[];
  send(message: object): void;
  /** Resolves with the first message (already received or future) of `event` matching `match`. */
  next<E extends LiveServerMessage['event']>(
    event: E,
    match?: (m: Extract<LiveServerMessage, { event: E }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerMessage, { event: E }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function connectLive(baseUrl: string): Promise<TestLiveClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/wss`);
  const messages: LiveServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    const m = parseLiveServerMessage(String(data));
    if (!m) throw new Error(`invalid server message: ${String(data)}`);
    messages.push(m);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next(event, match, timeoutMs = 5000) {
      type M = Extract<LiveServerMessage, { event: typeof event }>;
      const find = () => messages.find((m): m is M => m.event === event && (!match || match(m as M)));
      return new Promise<M>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const m = find();
          if (!m) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve(m);
        };
        waiters.push(check);
      });
    },
    close: () => ws.close(),
  };
}
