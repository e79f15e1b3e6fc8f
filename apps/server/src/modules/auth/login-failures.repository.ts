/**
 * SQL for failed sign-ins and two-factor codes (the per-account and per-IP limits work across api
 * processes). An attempt is taken atomically before the password is checked: under two advisory locks
 * (the account's, then the address's) the failures in the window are counted and, below the limit, a
 * row is inserted for this attempt. So at most `max` attempts per account or address are ever
 * evaluated in a window, however many arrive at once; a failed attempt keeps its row, a sign-in that
 * is not a failure gives it back (`release`), a successful one clears the account (`clearAccount`).
 */
import { type Pool, withTransaction } from '../../db/pool.ts';

/** Advisory-lock namespaces (first key of `pg_advisory_xact_lock(int, int)`). */
const ACCOUNT_LOCK = 120_001;
const ADDRESS_LOCK = 120_002;

/** The outcome of {@link LoginFailuresRepository.take}. */
export type AttemptTaken =
  | { blocked: 'account' | 'address' }
  | {
      blocked: null;
      /** the attempt's row (give it back with `release` when the attempt did not fail) */
      id: number;
      /** failures in the window if this attempt fails: account and address */
      account: number;
      ip: number;
    };

export function createLoginFailuresRepository(db: Pool) {
  return {
    /** Takes one attempt for `username` from `ip`, or says which limit (`max` in the window) is reached. */
    async take(username: string, ip: string, since: Date, at: Date, max: number): Promise<AttemptTaken> {
      return withTransaction(db, async (tx) => {
        await tx.query(
          'select pg_advisory_xact_lock($1, hashtext(lower($3))), pg_advisory_xact_lock($2, hashtext($4))',
          [ACCOUNT_LOCK, ADDRESS_LOCK, username, ip],
        );
        const { rows } = await tx.query<{ account: number; ip: number; id: string | null }>(
          `with c as (
             select
               (select count(*)::int from login_failures where lower(username) = lower($1) and at > $3) as account,
               (select count(*)::int from login_failures where ip = $2 and at > $3) as ip
           ), ins as (
             insert into login_failures (username, ip, at)
             select $1, $2, $4 from c where c.account < $5 and c.ip < $5
             returning id
           )
           select c.account, c.ip, (select id from ins) as id from c`,
          [username, ip, since, at, max],
        );
        const r = rows[0];
        if (!r || r.id === null) return { blocked: (r?.account ?? max) >= max ? 'account' : 'address' };
        return { blocked: null, id: Number(r.id), account: r.account + 1, ip: r.ip + 1 };
      });
    },
    /** Gives an attempt back (it was not a failure: a two-factor prompt). */
    async release(id: number): Promise<void> {
      await db.query('delete from login_failures where id = $1', [id]);
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
