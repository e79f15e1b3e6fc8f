/** SQL for failed logins (the per-account and per-IP limits work across api processes). */
import type { Queryable } from '../../db/pool.ts';

export function createLoginFailuresRepository(db: Queryable) {
  return {
    async counts(username: string, ip: string, since: Date): Promise<{ account: number; ip: number }> {
      const { rows } = await db.query<{ account: number; ip: number }>(
        `select
           (select count(*)::int from login_failures where lower(username) = lower($1) and at > $3) as account,
           (select count(*)::int from login_failures where ip = $2 and at > $3) as ip`,
        [username, ip, since],
      );
      return rows[0] ?? { account: 0, ip: 0 };
    },
    async record(username: string, ip: string, at: Date): Promise<void> {
      await db.query('insert into login_failures (username, ip, at) values ($1, $2, $3)', [username, ip, at]);
    },
    async clearAccount(username: string): Promise<void> {
      await db.query('delete from login_failures where lower(username) = lower($1)', [username]);
    },
    async prune(before: Date): Promise<void> {
      await db.query('delete from login_failures where at < $1', [before]);
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
