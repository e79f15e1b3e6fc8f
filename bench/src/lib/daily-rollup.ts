/** The daily rollups of a loaded range, rolled by the server's jobs role (analytics and SLA benchmarks). */
import type { ServerHandle } from './server.ts';

/**
 * Restarts the server so its jobs role rolls [from, today) up into the daily rollups in its first run,
 * and waits until it has (polling job_state 'site_daily'); returns the seconds it took.
 */
export async function rollUpDays(server: ServerHandle, days: number, timeoutMs: number): Promise<number> {
  await server.pool.query(`delete from job_state where name = 'site_daily'`);
  const t0 = performance.now();
  await server.restart();
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
  for (;;) {
    const { rows } = await server.pool.query<{ until: string | null }>(
      `select value->>'until' as until from job_state where name = 'site_daily'`,
    );
    if (rows[0]?.until && rows[0].until >= today) break;
    if (performance.now() - t0 > timeoutMs) throw new Error(`daily rollup of ${days} days not done in time`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  return Math.round((performance.now() - t0) / 100) / 10;
}
