/**
 * Access-list reconcile (docs/requirements.md#access-reconcile): a device reporting another version
 * than the site's applied one (0 after a restart or factory reset) gets the current list again as a
 * new version; the site is pending until the ack, then applied. Not resent while a version is in
 * flight, and at most once per minimum interval per site (a held-back report goes with the retry job).
 */
import { accessEndpoints as e } from '@towerwatch/contract';
import { ACCESS_LIST_RESEND_MIN_INTERVAL_MS } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';
import { handleCommandAck } from '../../ingest/commands.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

const sync = () => t.container.services.access.sync;

async function listCommands(siteUid: string) {
  const { rows } = await t.pool.query<{
    id: string;
    status: string;
    requested_by: string;
    params: { version: number; entries: { card_number: string }[] };
  }>(
    `select id, status, requested_by, params from commands
      where site_uid = $1 and command = 'access_list' order by id`,
    [siteUid],
  );
  return rows;
}

/** Acks every open access_list command of the site as its device RMS-KT1 would. */
async function ackAll(siteUid: string) {
  for (const c of await listCommands(siteUid)) {
    if (c.status === 'acked' || c.status === 'failed') continue;
    await t.pool.query(`update commands set status = 'sent' where id = $1`, [c.id]);
    await handleCommandAck(t.pool, 'RMS-KT1', { cmd_id: c.id, ok: true }, new Date());
  }
}

describe('a device reporting another access-list version gets the list again', () => {
  it('version 0 reported while version 1 is applied: resent as version 2, pending → applied after the ack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: e.addCard.path,
      headers: await t.auth('ktbl'),
      payload: { site_uid: KT1, card_number: 'R7001', holder_name: 'Karim' },
    });
    expect(res.statusCode).toBe(200);
    await ackAll(KT1);
    expect(await sync().state(KT1)).toMatchObject({ state: 'applied', version: 1, appliedVersion: 1 });

    // The device holds what the server applied: nothing to do.
    expect(await sync().reconcile('RMS-KT1', 1)).toEqual([]);
    expect(await listCommands(KT1)).toHaveLength(1);

    // The controller restarted without its list.
    expect(await sync().reconcile('RMS-KT1', 0)).toEqual([KT1]);
    expect(await sync().state(KT1)).toMatchObject({ state: 'pending', version: 2, appliedVersion: 1 });
    const cmds = await listCommands(KT1);
    expect(cmds).toHaveLength(2);
    expect(cmds[1]).toMatchObject({ status: 'pending', requested_by: 'device:access-reconcile' });
    expect(cmds[1]?.params).toMatchObject({ version: 2, entries: [{ card_number: 'R7001' }] });

    // A second report while version 2 is in flight sends nothing more.
    expect(await sync().reconcile('RMS-KT1', 0)).toEqual([]);
    expect(await listCommands(KT1)).toHaveLength(2);

    await ackAll(KT1);
    expect(await sync().state(KT1)).toMatchObject({ state: 'applied', version: 2, appliedVersion: 2 });
    expect(await sync().reconcile('RMS-KT1', 2)).toEqual([]);
  });

  it('a flapping device is rate limited; the held-back report goes with the retry job', async () => {
    expect(await sync().reconcile('RMS-KT1', 0)).toEqual([]);
    expect(await sync().reconcile('RMS-KT1', 0)).toEqual([]);
    expect(await listCommands(KT1)).toHaveLength(2);
    expect(await sync().state(KT1)).toMatchObject({ state: 'applied', version: 2 });

    t.clock.advance(ACCESS_LIST_RESEND_MIN_INTERVAL_MS + 1000);
    expect(await sync().retryFailed()).toEqual([KT1]);
    expect((await listCommands(KT1)).at(-1)?.params).toMatchObject({ version: 3 });
    await ackAll(KT1);
    expect(await sync().state(KT1)).toMatchObject({ state: 'applied', version: 3, appliedVersion: 3 });
    // Handled: the next retry run sends nothing.
    expect(await sync().retryFailed()).toEqual([]);
  });

  it('a version above the server’s (a controller moved from another site) gets a higher version', async () => {
    t.clock.advance(ACCESS_LIST_RESEND_MIN_INTERVAL_MS + 1000);
    expect(await sync().reconcile('RMS-KT1', 9)).toEqual([KT1]);
    expect((await listCommands(KT1)).at(-1)?.params).toMatchObject({ version: 10 });
    await ackAll(KT1);
    expect(await sync().state(KT1)).toMatchObject({ state: 'applied', version: 10 });
  });

  it('a device that is not the site’s access device and an unknown device change nothing', async () => {
    t.clock.advance(ACCESS_LIST_RESEND_MIN_INTERVAL_MS + 1000);
    expect(await sync().reconcile('NO-SUCH-DEVICE', 0)).toEqual([]);
    expect(await listCommands(KT1)).toHaveLength(4);
  });
});
