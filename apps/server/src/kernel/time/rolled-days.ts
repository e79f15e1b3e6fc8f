/**
 * Which Asia/Dhaka days the jobs role's daily rollups cover (docs/decisions/daily-rollups-and-late-data.md):
 * [from, until) of job_state 'site_daily', written by modules/analytics/daily-rollup.ts and read by
 * every reader of a daily rollup.
 */
import type { Queryable } from '../../db/pool.ts';

export const SITE_DAILY_STATE = 'site_daily';

/** The rolled days [from, until) (`YYYY-MM-DD`), or null before the first run. */
export async function rolledDays(db: Queryable): Promise<{ from: string; until: string } | null> {
  const { rows } = await db.query<{ value: { from: string; until: string } }>(
    'select value from job_state where name = $1',
    [SITE_DAILY_STATE],
  );
  return rows[0]?.value ?? null;
}
