/** The OpenAPI document at /api-docs/json is generated from the contract schemas of these routes. */
import { networkEndpoints, siteEndpoints, siteReportEndpoints } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('OpenAPI', () => {
  it('documents every site, network and dashboard path with its parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    for (const table of [siteEndpoints, siteReportEndpoints, networkEndpoints]) {
      for (const e of Object.values(table)) expect(Object.keys(doc.paths)).toContain(e.path);
    }
    const events = doc.paths['/user/site/events']?.get?.parameters?.map((p) => p.name);
    expect(events).toEqual(expect.arrayContaining(['site_uid', 'oldest_id', 'tenant']));
    const fetch = doc.paths['/user/site/fetch']?.get?.parameters?.map((p) => p.name);
    expect(fetch).toEqual(expect.arrayContaining(['with_devices', 'lean', 'page', 'limit']));
    const network = doc.paths['/user/network/events']?.get?.parameters?.map((p) => p.name);
    expect(network).toEqual(expect.arrayContaining(['userUid', 'oldestId', 'group', 'limit', 'tenants']));
  });
});
