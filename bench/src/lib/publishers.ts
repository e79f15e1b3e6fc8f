/** Parent side of the MQTT load generators (load/publisher.ts): forks them and drives them together. */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { ChildMessage, ParentMessage, PublisherConfig } from '../load/publisher.ts';
import { BENCH_ROOT, randomTag } from './util.ts';

export interface PublisherPoolOptions {
  processes: number;
  url: string;
  mode: PublisherConfig['mode'];
  username?: string;
  password?: string;
  comIds: readonly string[];
  /** Total connections over all processes in `shared` mode. */
  connections: number;
  probeEvery: number;
  maxInflight?: number;
}

export interface RunTotals {
  sent: number;
  acked: number;
  failed: number;
  blocked: number;
  elapsedMs: number;
  /** Until the last message was sent (acknowledgements may arrive later). */
  sendMs: number;
  /** Connections the broker closed by the end of the run (publishers do not reconnect). */
  closed: number;
  /** Messages due on a closed connection, not sent (not in `sent`). */
  notSent: number;
}

export type Probe = [comId: string, msgId: string, ts: number];

export interface PublisherPool {
  connections: number;
  connectMs: number;
  /** Publishes at `rate` msg/s (split over the processes) for `durationMs` or until `total` messages. */
  run(
    rate: number,
    durationMs: number,
    options?: { onProbes?: (probes: Probe[]) => void; total?: number; probeEvery?: number },
  ): Promise<RunTotals>;
  /** Process ids of the generators (their CPU is reported too). */
  pids: number[];
  stop(): Promise<void>;
}

function nextMessage(child: ChildProcess, type: ChildMessage['type'], onOther?: (m: ChildMessage) => void) {
  return new Promise<ChildMessage>((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type === type) {
        cleanup();
        resolve(message);
      } else if (message.type === 'error') {
        cleanup();
        reject(new Error(`publisher: ${message.error}`));
      } else onOther?.(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`publisher exited (${code})`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export async function startPublishers(opts: PublisherPoolOptions): Promise<PublisherPool> {
  const count = Math.max(1, Math.min(opts.processes, opts.comIds.length));
  const tag = randomTag();
  const children: ChildProcess[] = [];
  const script = path.join(BENCH_ROOT, 'src', 'load', 'publisher.ts');
  try {
    const ready = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const child = fork(script, [], {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.push(child);
        const comIds = opts.comIds.filter((_, j) => j % count === i);
        const config: PublisherConfig = {
          url: opts.url,
          mode: opts.mode,
          username: opts.username,
          password: opts.password,
          comIds,
          connections: Math.max(1, Math.round(opts.connections / count)),
          probeEvery: opts.probeEvery,
          maxInflight: opts.maxInflight ?? 2000,
          tag: `${tag}${i}`,
        };
        const waiting = nextMessage(child, 'ready');
        child.send({ cmd: 'start', config } satisfies ParentMessage);
        return (await waiting) as Extract<ChildMessage, { type: 'ready' }>;
      }),
    );
    return {
      connections: ready.reduce((s, r) => s + r.connections, 0),
      connectMs: Math.max(...ready.map((r) => r.connectMs)),
      pids: children.map((c) => c.pid as number),
      async run(rate, durationMs, options = {}) {
        const { onProbes, total, probeEvery } = options;
        const parts = await Promise.all(
          children.map((child, i) => {
            const share = rate / children.length;
            const totalShare =
              total === undefined
                ? undefined
                : Math.floor(total / children.length) + (i < total % children.length ? 1 : 0);
            const waiting = nextMessage(child, 'done', (m) => {
              if (m.type === 'probes') onProbes?.(m.probes);
            });
            child.send({
              cmd: 'run',
              rate: share,
              durationMs,
              total: totalShare,
              probeEvery: probeEvery === undefined ? undefined : probeEvery / children.length,
            } satisfies ParentMessage);
            return waiting as Promise<Extract<ChildMessage, { type: 'done' }>>;
          }),
        );
        return {
          sent: parts.reduce((s, p) => s + p.sent, 0),
          acked: parts.reduce((s, p) => s + p.acked, 0),
          failed: parts.reduce((s, p) => s + p.failed, 0),
          blocked: parts.reduce((s, p) => s + p.blocked, 0),
          elapsedMs: Math.max(...parts.map((p) => p.elapsedMs)),
          sendMs: Math.max(...parts.map((p) => p.sendMs)),
          closed: parts.reduce((s, p) => s + p.closed, 0),
          notSent: parts.reduce((s, p) => s + p.notSent, 0),
        };
      },
      async stop() {
        await Promise.all(
          children.map(
            (child) =>
              new Promise<void>((resolve) => {
                if (child.exitCode !== null) return resolve();
                const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
                child.once('exit', () => {
                  clearTimeout(timer);
                  resolve();
                });
                child.send({ cmd: 'stop' } satisfies ParentMessage);
              }),
          ),
        );
      },
    };
  } catch (err) {
    for (const child of children) child.kill('SIGKILL');
    throw err;
  }
}
