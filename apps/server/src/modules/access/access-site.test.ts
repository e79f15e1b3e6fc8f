/**
 * Access control, site calls (docs/requirements.md#access-control): add / delete / clear cards and the
 * access-list versions sent to the device (chunked commands, sync pending → applied / failed after the
 * acks), remote unlock on the records with its operator, paging of records, scope and refusals.
 */
import { accessEndpoints as e } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { handleCommandAck } from '../../ingest/commands.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const post = async (url: string, body: object, user = 'ktbl') =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload: body });

/** The `access_list` commands of a site, oldest first. */
async function listCommands(siteUid: string) {
  const { rows } = await t.pool.query<{
    id: string;
    status: string;
    params: { version: number; chunk: number; chunks: number; entries: { card_number: string }[] };
  }>(`select id, status, params from commands where site_uid = $1 and command = 'access_list' order by id`, [
    siteUid,
  ]);
  return rows;
}

/** Acks every open access_list command of a site as its device would. */
async function ackAll(siteUid: string, ok = true) {
  const out = [];
  for (const c of await listCommands(siteUid)) {
    if (c.status === 'acked' || c.status === 'failed') continue;
    await t.pool.query(`update commands set status = 'sent' where id = $1`, [c.id]);
    out.push(
      ...(await handleCommandAck(
        t.pool,
        'RMS-KT1',
        ok ? { cmd_id: c.id, ok } : { cmd_id: c.id, ok, error: 'flash_full' },
        new Date(),
      )),
    );
  }
  return out;
}

describe('add-card → access_list version → ack → applied; delete-card → a new version without it', () => {
  it('adds a card, sends version 1 to the lock device, and is pending until the device acks', async () => {
    const res = await post(e.addCard.path, { site_uid: KT1, card_number: 'A1001', holder_name: 'Rahim' });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.card).toMatchObject({
      card_number: 'A1001',
      holder_name: 'Rahim',
      site_uid: KT1,
      user_uid: '100',
    });
    expect(reply.sync).toMatchObject({
      state: 'pending',
      version: 1,
      cardCount: 1,
      comId: 'RMS-KT1',
      appliedVersion: null,
    });
    const cmds = await listCommands(KT1);
    expect(cmds).toHaveLength(1);
    expect(cmds[0]?.params).toMatchObject({
      version: 1,
      chunk: 0,
      chunks: 1,
      entries: [{ card_number: 'A1001' }],
    });

    const messages = await ackAll(KT1);
    expect(messages.map((m) => m.event)).toEqual(['COMMAND_STATUS', 'ACCESS_SYNC_STATUS']);
    const cards = (await get(`${e.fetchCards.path}?siteUid=${KT1}`)).json();
    expect(cards.sync).toMatchObject({ state: 'applied', version: 1, appliedVersion: 1 });
    expect(cards.items.map((c: { card_number: string }) => c.card_number)).toEqual(['A1001']);
    expect(cards.effectiveCount).toBe(1);
  });

  it('adding the same list again sends nothing (idempotent); deleting sends a version without the card', async () => {
    const again = await post(e.addCard.path, { site_uid: KT1, card_number: 'A1001' });
    expect(again.json().sync.version).toBe(1);
    const accessId = again.json().card.access_id;
    const del = await post(e.deleteCard.path, { access_id: accessId });
    expect(del.statusCode).toBe(200);
    expect(del.json().sync).toMatchObject({ state: 'pending', version: 2, cardCount: 0 });
    const last = (await listCommands(KT1)).at(-1);
    expect(last?.params).toMatchObject({ version: 2, chunks: 1, entries: [] });
    await ackAll(KT1, false);
    const sync = (await get(`${e.fetchCards.path}?siteUid=${KT1}`)).json().sync;
    expect(sync).toMatchObject({ state: 'failed', version: 2, appliedVersion: 1, error: 'flash_full' });
  });

  it('the jobs role resends a failed version to a device that is online', async () => {
    const retried = await t.container.services.access.sync.retryFailed();
    expect(retried).toEqual([KT1]);
    expect((await listCommands(KT1)).at(-1)?.params).toMatchObject({ version: 3, entries: [] });
    await t.pool.query(
      `update commands set status = 'failed', error = 'timeout' where site_uid = $1 and status = 'pending'`,
      [KT1],
    );
  });

  it('the revocation ledger shows the removed card still on the device until the removal applies', async () => {
    const ledger = (await get(`${e.cardLedger.path}?card_number=A1001`)).json();
    expect(ledger.listed).toEqual([]);
    expect(ledger.pendingRemoval).toMatchObject([
      { siteUid: KT1, onDevice: true, opensNow: true, state: 'failed' },
    ]);
    // clear-cards resends (the failed version is retried as version 3); once acked the ledger is empty
    const cleared = await post(e.clearCards.path, { siteUid: KT1 });
    expect(cleared.json()).toMatchObject({ removed: 0, sync: { version: 4, state: 'pending' } });
    await ackAll(KT1);
    expect((await get(`${e.cardLedger.path}?card_number=A1001`)).json().pendingRemoval).toEqual([]);
  });

  it('chunks a long list', async () => {
    for (let i = 0; i < 3; i++) await post(e.addCard.path, { site_uid: KT2, card_number: `B${i}` });
    await t.pool.query(`update commands set status = 'acked' where site_uid = $1`, [KT2]);
    const bulk = Array.from({ length: 600 }, (_, i) => `(${i})`).join(',');
    await t.pool.query(
      `with c as (insert into access_cards (company_id, card_number) select 'ktbl', 'C' || n from (values ${bulk}) v(n) returning id)
       insert into access_site_cards (site_uid, card_id) select $1, id from c`,
      [KT2],
    );
    await post(e.addCard.path, { site_uid: KT2, card_number: 'B9' });
    const all = await listCommands(KT2);
    const latest = all.filter((c) => c.params.version === 4);
    expect(latest.map((c) => [c.params.chunk, c.params.chunks, c.params.entries.length])).toEqual([
      [0, 4, 200],
      [1, 4, 200],
      [2, 4, 200],
      [3, 4, 4],
    ]);
  });
});

describe('records, remote unlock and paging', () => {
  it('shows who unlocked on the record of an acked remote unlock', async () => {
    const unlock = await post('/user/site/unlock', { site_uid: KT1 }, 'super');
    const id = unlock.json().command_id;
    await t.pool.query(`update commands set status = 'sent' where id = $1`, [id]);
    const messages = await handleCommandAck(t.pool, 'RMS-KT1', { cmd_id: String(id), ok: true }, new Date());
    const live = messages.find((m) => m.event === 'RMS_ACCESS_RECORD');
    expect(live?.payload).toMatchObject({ kind: 'remote_unlock', granted: true, unlockedBy: '101' });
    const page = (await get(`${e.fetchRecords.path}?siteUid=${KT1}`)).json();
    expect(page.items[0]).toMatchObject({
      kind: 'remote_unlock',
      unlockedBy: '101',
      unlockedByName: expect.any(String),
    });
  });

  it('pages records 100 at a time below the cursor, newest first', async () => {
    await t.pool.query(
      `insert into access_records (site_uid, com_id, card_number, granted, reason, time)
       select $1, 'RMS-KT2', 'B1', n % 2 = 0, case when n % 2 = 1 then 'unknown_card' end, now() from generate_series(1, 230) n`,
      [KT2],
    );
    const sizes: number[] = [];
    let cursor: number | null = 2147483647;
    while (cursor !== null && sizes.length < 5) {
      const page: { items: { id: number }[]; nextOldestId: number | null } = (
        await get(`${e.fetchRecords.path}?siteUid=${KT2}&oldestId=${cursor}`)
      ).json();
      const ids = page.items.map((r) => r.id);
      expect(ids.every((id) => id < (cursor as number))).toBe(true);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      sizes.push(ids.length);
      cursor = page.nextOldestId;
    }
    expect(sizes).toEqual([100, 100, 30]);
  });

  it('open hours: the door periods clipped to the range', async () => {
    const day = new Date(Date.now() - 2 * 86_400_000);
    const date = new Date(day.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    const start = new Date(`${date}T04:00:00+06:00`);
    await buildEvent(t.pool, { siteUid: KT1, name: 'door_open', time: start });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'door_close',
      time: new Date(start.getTime() + 1_800_000),
    });
    const res = await get(`${e.openHours.path}?siteUid=${KT1}&fromDate=${date}&untilDate=${date}&zoom=hour`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalOpenSeconds).toBe(1800);
    expect(body.buckets).toHaveLength(24);
    expect(body.buckets[4].openSeconds).toBe(1800);
  });
});

describe('scope and refusals', () => {
  it('another company is 404 on every call naming its site, card or group', async () => {
    const ftbAdd = await post(e.addCard.path, { site_uid: FT1, card_number: 'F1' }, 'ftb');
    const accessId = ftbAdd.json().card.access_id;
    expect((await get(`${e.fetchCards.path}?siteUid=${FT1}`)).statusCode).toBe(404);
    expect((await get(`${e.fetchRecords.path}?siteUid=${FT1}`)).statusCode).toBe(404);
    expect((await get(`${e.doorEvents.path}?siteUid=${FT1}`)).statusCode).toBe(404);
    expect((await post(e.addCard.path, { site_uid: FT1, card_number: 'X1' })).statusCode).toBe(404);
    expect((await post(e.deleteCard.path, { access_id: accessId })).statusCode).toBe(404);
    expect((await post(e.clearCards.path, { siteUid: FT1 })).statusCode).toBe(404);
    expect((await post(e.masterRemove.path, { card_number: 'F1' })).statusCode).toBe(404);
    expect((await get(`${e.cardLedger.path}?card_number=F1`)).statusCode).toBe(404);
  });

  it('a tenant-restricted user sees only sites of its tenants; read-only users are refused writes', async () => {
    // robi.viewer (read-only, robi): KT-1 and KT-2 have robi; FT-1 is another company
    expect((await get(`${e.fetchCards.path}?siteUid=${KT2}`, 'robi.viewer')).statusCode).toBe(200);
    const refused = await post(e.addCard.path, { site_uid: KT1, card_number: 'R1' }, 'robi.viewer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Sorry! You don't have the necessary permission to add a card.");
    expect((await get(`${e.fetchCards.path}?siteUid=${KT1}`, 'ktbl.rms')).statusCode).toBe(403);
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await post(e.addCard.path, { site_uid: KT1, card_number: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toContain('card_number');
    const order = await post(e.addCard.path, {
      site_uid: KT1,
      card_number: 'V1',
      valid_from: '2026-02-01T00:00:00+06:00',
      valid_until: '2026-01-01T00:00:00+06:00',
    });
    expect(order.json().field).toContain('valid_until');
    const window = await post(e.addCard.path, {
      site_uid: KT1,
      card_number: 'V1',
      time_windows: [{ days: [7], from: '08:00', until: '18:00' }],
    });
    expect(window.json().field).toContain('time_windows');
    const cursor = await get(`${e.fetchRecords.path}?siteUid=${KT1}&oldestId=0`);
    expect(cursor.json().field).toContain('oldestId');
  });
});
