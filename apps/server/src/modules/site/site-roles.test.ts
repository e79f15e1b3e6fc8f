/**
 * Who may do what on a ktbl site (KT-1), for every demo account: the route guards (access roles,
 * read-only refusal, writer types) and the company scope together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
let eventId: number;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  eventId = await buildEvent(t.pool, { siteUid: KT1, name: 'mains_fail', tenant: 'robi' });
});
afterAll(async () => {
  await t?.close();
});

const ACTIONS: Record<string, () => [string, object]> = {
  unlock: () => ['/user/site/unlock', { site_uid: KT1 }],
  settings: () => ['/user/settings/save', { siteUid: KT1, prop: 'lock_fault', value: true }],
  digital: () => ['/site/digital-control', { site_uid: KT1, com_id: 'RMS-KT1', pin_name: 'do3', value: 1 }],
  update: () => ['/user/site/update', { site_uid: KT1, more_details: { checked: true } }],
  acknowledge: () => ['/user/network/acknowledge-event', { eventId }],
  export: () => ['/site/excel-export', { file_name: 'x', kind: 'climate' }],
};
type Action = 'unlock' | 'settings' | 'digital' | 'update' | 'acknowledge' | 'export';

// status per action:      unlock settings digital update acknowledge export
const MATRIX: [string, number[]][] = [
  ['admin', [200, 200, 200, 200, 200, 200]],
  ['ops', [200, 403, 200, 200, 200, 200]],
  ['finance', [403, 403, 403, 403, 404, 403]],
  ['ktbl', [200, 200, 200, 200, 200, 200]],
  ['super', [200, 200, 200, 200, 200, 200]],
  ['ktbl.rms', [403, 403, 200, 200, 200, 200]],
  ['ktbl.employee', [200, 403, 200, 403, 200, 200]],
  ['robi.viewer', [403, 403, 403, 403, 403, 200]],
  ['noc', [403, 403, 403, 403, 403, 200]],
  ['ftb', [404, 404, 404, 404, 404, 200]],
];

const ROWS = MATRIX.flatMap(([user, statuses]) =>
  (Object.keys(ACTIONS) as Action[]).map((action, i) => [user, action, statuses[i]] as const),
);

describe('roles on site actions', () => {
  it.each(ROWS)('%s %s → %i', async (user, action, status) => {
    const call = ACTIONS[action];
    if (!call) throw new Error(`unknown action ${action}`);
    const [url, payload] = call();
    const res = await t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });
    expect(res.statusCode, res.body).toBe(status);
  });
});
