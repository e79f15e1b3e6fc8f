/**
 * Runs a role only while this process holds its lease (role-lease.ts): started at once when the lease
 * is free, else in the background once a standby takes it over; stopped when the lease is lost, then
 * waiting again as a standby. Used by the ingest role (ingest/wire.ts) and the jobs role.
 */
import type pg from 'pg';
import type { Logger } from 'pino';
import { acquireRoleLease, type RoleLease } from './role-lease.ts';

export interface LeasedRoleOptions {
  pool: pg.Pool;
  /** The lease's name (`ingest`, `jobs`). */
  name: string;
  ttlMs: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Proposed MQTT session id of the role (ingest behind an external broker). */
  mqttClientId?: string;
  /** Starts the role as the lease's holder; returns its stop function. */
  start(lease: RoleLease): Promise<() => Promise<void>>;
}

/**
 * Resolves once the role runs or this process waits as a standby (rejects when the first start
 * fails); returns the stop function (stops the role, releases the lease, ends the wait).
 */
export async function runLeasedRole(o: LeasedRoleOptions): Promise<() => Promise<void>> {
  const abort = new AbortController();
  let active: (() => Promise<void>) | null = null;
  let isReady = false;
  let resolveStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    resolveStarted = resolve;
  });
  const ready = () => {
    isReady = true;
    resolveStarted();
  };
  const run = async () => {
    while (!abort.signal.aborted) {
      let lease: RoleLease;
      try {
        lease = await acquireRoleLease({
          pool: o.pool,
          name: o.name,
          ttlMs: o.ttlMs,
          log: o.log,
          mqttClientId: o.mqttClientId,
          signal: abort.signal,
          onStandby: ready,
        });
      } catch {
        return; // stopping
      }
      try {
        const stopRole = await o.start(lease);
        active = async () => {
          await stopRole();
          await lease.release();
        };
      } catch (err) {
        await lease.release();
        if (!isReady) throw err;
        o.log.error(
          { err, role: o.name },
          'could not start the role after taking its lease over; waiting again',
        );
        continue;
      }
      ready();
      await lease.lost;
      if (abort.signal.aborted) return;
      const stop: (() => Promise<void>) | null = active;
      active = null;
      if (stop)
        await stop().catch((err: unknown) =>
          o.log.error({ err, role: o.name }, 'stopping the role after its lease was lost failed'),
        );
    }
  };
  const running = run();
  await Promise.race([started, running]);
  return async () => {
    abort.abort();
    const stop = active;
    active = null;
    await stop?.();
    await running.catch(() => undefined);
  };
}
