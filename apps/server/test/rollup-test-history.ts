/**
 * A scripted transition history for the rollup cross-checks (tests only): deterministic, whole minutes,
 * and what the checks share: the window, writing the events, and the replies with and without the
 * rolled state.
 */
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** The period the checks ask about starts here (Dhaka midnight); history starts 12 days before. */
export const FROM = Date.parse('2026-10-01T00:00:00+06:00');
/** The server's clock: day 10 of the period, 14:07 in Dhaka. */
export const NOW = FROM + 9 * DAY + (14 * 60 + 7) * MIN;
export const START = FROM - 12 * DAY;

/** A small deterministic generator (mulberry32): the same history every run. */
export function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Tr {
  site: string;
  name: string;
  tenant: string;
  time: number;
  active: boolean;
}

/** Alternating on/off transitions on whole minutes from `start` up to `now` (on-phases up to `maxOn` minutes). */
export function history(
  rand: () => number,
  site: string,
  name: string,
  tenant: string,
  maxOn: number,
  maxOff: number,
  start: number,
  now: number,
): Tr[] {
  const list: Tr[] = [];
  let t = start + Math.floor(rand() * 600) * MIN;
  let active = rand() < 0.5;
  while (t < now) {
    list.push({ site, name, tenant, time: t, active });
    t += (1 + Math.floor(rand() * (active ? maxOn : maxOff))) * MIN;
    active = !active;
  }
  return list;
}

/** Stores `list` as RMS events. */
export async function insertEvents(t: TestServer, list: Tr[]): Promise<void> {
  await t.pool.query(
    `insert into events (site_uid, name, tenant, time, active, event_group)
     select *, 'RMS' from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[])`,
    [
      list.map((g) => g.site),
      list.map((g) => g.name),
      list.map((g) => g.tenant),
      list.map((g) => new Date(g.time)),
      list.map((g) => g.active),
    ],
  );
}

/**
 * The replies of every url for ktbl and robi.viewer (robi.viewer skips the tenant-narrowed ones), keyed
 * `<user> <url>`. With `raw` the rolled state is hidden for the calls (the job_state row of the daily
 * rollup removed, then put back), so the server answers from raw events.
 */
export async function repliesFor(
  t: TestServer,
  urls: string[],
  raw: boolean,
): Promise<Record<string, unknown>> {
  const saved = raw
    ? await t.pool.query(`delete from job_state where name = 'site_daily' returning *`)
    : null;
  try {
    const out: Record<string, unknown> = {};
    for (const user of ['ktbl', 'robi.viewer']) {
      const headers = await t.auth(user);
      for (const url of urls) {
        if (user === 'robi.viewer' && url.includes('tenant=')) continue;
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        out[`${user} ${url}`] = res.json();
      }
    }
    return out;
  } finally {
    const row = saved?.rows[0];
    if (row) await t.pool.query(`insert into job_state (name, value) values ($1, $2)`, [row.name, row.value]);
  }
}
