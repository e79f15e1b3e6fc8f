/**
 * The ingest's site cache against a change that lands while a read is in flight: a site reloaded for
 * one config change must not be cached with what it read before the next change was saved (CI saw
 * http-ingest.test.ts miss a pin config saved right after a device was bound: the bind's reload
 * finished after the save's invalidation and was cached for the TTL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { Queryable } from '../db/pool.ts';
import { createSiteStore, type SiteStore } from './site-store.ts';
import { type BuiltSite, buildSite } from './test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** The test pool, whose answers can be held back after the query ran (a read in flight). */
function heldPool() {
  let gate: Promise<void> | null = null;
  let open = () => {};
  let issued = 0;
  let parked = 0;
  const db = {
    async query(text: string, values?: unknown[]) {
      issued += 1;
      const result = await t.pool.query(text, values);
      if (gate) {
        parked += 1;
        await gate;
      }
      return result;
    },
  } as unknown as Queryable;
  return {
    db,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    /** Resolves once a read was issued and every query of it has run and waits for its answer. */
    async readDone() {
      do await new Promise((resolve) => setTimeout(resolve, 5));
      while (issued === 0 || parked < issued);
    },
    release() {
      gate = null;
      open();
    },
  };
}

/** A new site and a store whose first read (`read`) has run its queries and waits for its answer. */
async function readHeldBack<T>(read: (store: SiteStore, site: BuiltSite) => Promise<T>) {
  const site = await buildSite(t.pool, { companyId: 'ktbl' });
  const held = heldPool();
  const store = createSiteStore(held.db);
  held.hold();
  const first = read(store, site);
  await held.readDone();
  return { site, store, first, release: held.release };
}

describe('site store: a change during a read in flight', () => {
  it('answers the read but does not cache it when the site is invalidated meanwhile', async () => {
    const { site, store, first, release } = await readHeldBack((s, built) => s.get(built.siteUid));
    await t.pool.query(
      `insert into pin_configs (com_id, pin_name, type, site_uid, label) values ($1, 'di9', 'smoke_detector', $2, 'smoke')`,
      [site.comId, site.siteUid],
    );
    store.invalidate(site.siteUid);
    release();
    const stale = await first;
    expect(stale?.site.pins.some((p) => p.pinName === 'di9')).toBe(false);
    const fresh = await store.get(site.siteUid);
    expect(fresh?.site.pins.some((p) => p.pinName === 'di9')).toBe(true);
    // Read after the change: cached as usual.
    expect(await store.get(site.siteUid)).toBe(fresh);
  });

  it('does not cache a device lookup that a bind or unbind overtook', async () => {
    const { site, store, first, release } = await readHeldBack((s, built) => s.siteOfDevice(built.comId));
    await t.pool.query('update devices set site_uid = null where com_id = $1', [site.comId]);
    store.forgetDevice(site.comId);
    release();
    expect(await first).toEqual({ comId: site.comId, siteUid: site.siteUid });
    expect(store.cachedSiteOfDevice(site.comId)).toBeUndefined();
    expect(await store.siteOfDevice(site.comId)).toEqual({ comId: site.comId, siteUid: null });
  });
});
