/**
 * Dashboard counts pushed on /wss after a burst of transitions through the real path (embedded broker →
 * ingest → PostgreSQL → live hub) equal the REST counts, and the battery classes equal a fresh count:
 * counts computed only on change (coalesced) still end on the final state.
 */
import { deviceTopics, LIVE_EVENTS, type LiveServerMessage } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../test/harness.ts';
import { buildCaller } from '../auth/caller.ts';
import type { IngestRole } from '../ingest/ingest-role.ts';
import { type BuiltSite, buildSite, connectDevice } from '../ingest/test-fixtures.ts';
import { connectLive, type TestLiveClient } from './test-client.ts';

let t: TestServer;
let base: string;
let role: IngestRole;
const clients: MqttClient[] = [];
let socket: TestLiveClient | null = null;

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
  role = await startTestIngestRole(t, {
    deviceRate: deviceRateLimit(100_000),
    focusedSites: t.container.focusedSites,
  });
});
afterAll(async () => {
  socket?.close();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await role?.stop();
  await t?.close();
});

async function device(site: BuiltSite): Promise<MqttClient> {
  const c = await connectDevice(role.brokerUrl, site);
  clients.push(c);
  return c;
}

let seq = 0;
const pins = (readings: Record<string, number>) =>
  JSON.stringify({
    msg_id: `c${++seq}`,
    ts: t.clock.now().getTime(),
    readings: Object.entries(readings).map(([pin, value]) => ({ pin, value })),
  });

/** The count events of the dashboard and their REST counterparts. */
const COUNT_KEYS = {
  [LIVE_EVENTS.POWER_COUNT]: 'power',
  [LIVE_EVENTS.DC_POWER_COUNT]: 'dcPower',
  [LIVE_EVENTS.ALARM_COUNT]: 'alarm',
  [LIVE_EVENTS.ACCESS_COUNT]: 'access',
  [LIVE_EVENTS.MAINS_AVAILABLE_COUNT]: 'mains',
  [LIVE_EVENTS.DG_RUNNING_COUNT]: 'dg',
  [LIVE_EVENTS.TEMPERATURE_WISE_COUNT]: 'temperature',
  [LIVE_EVENTS.BATTERY_BACKUP_COUNT]: 'battery',
} as const;

/** The last payload of each count event the socket received. */
function lastPushed(messages: LiveServerMessage[]): Map<string, unknown> {
  const last = new Map<string, unknown>();
  for (const m of messages) if (m.event.endsWith('_COUNT')) last.set(m.event, m.payload);
  return last;
}

async function until(check: () => Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('live dashboard counts after a burst of transitions', () => {
  it('end equal to the REST counts and to a fresh battery count', async () => {
    const headers = await t.auth('ktbl');
    const rest = async () => (await t.app.inject({ url: '/user/site/status-counts', headers })).json();
    // A request before the sites exist leaves battery classes in the counts service's cache.
    await rest();
    // Before any socket signs in: three sites whose batteries land in different classes.
    const sites = [
      await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] }),
      await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] }),
      await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] }),
    ];
    const battery = [
      [53.5, 53.8],
      [46, 46.5],
      [51, 51.8],
    ];
    const devices = await Promise.all(sites.map(device));
    await Promise.all(
      devices.map((d, i) =>
        d.publishAsync(
          deviceTopics.pins(sites[i]?.comId ?? ''),
          pins({ am1: 230, am2: 231, am3: 229, am4: battery[i]?.[0] ?? 0, am6: 25 }),
          { qos: 1 },
        ),
      ),
    );
    socket = await connectLive(base);
    socket.send({ action: 'LOGIN', token: await t.tokenFor('ktbl') });
    await socket.next(LIVE_EVENTS.LOGIN_OK);

    // The burst: mains and temperature raised and cleared over and over, batteries within their class.
    // Each message is acknowledged after its commit, so once every publish resolved the state is final.
    const sends: Promise<unknown>[] = [];
    for (let round = 0; round < 12; round++) {
      devices.forEach((d, i) => {
        const off = (round + i) % 2 === 0;
        const phase = off ? 0 : 230;
        const readings = {
          am1: phase,
          am2: phase,
          am3: phase,
          am4: battery[i]?.[round % 2] ?? 0,
          am6: (round + i) % 3 === 0 ? 60 : 25,
        };
        sends.push(d.publishAsync(deviceTopics.pins(sites[i]?.comId ?? ''), pins(readings), { qos: 1 }));
      });
    }
    await Promise.all(sends);

    const restHealth = async () =>
      (await t.app.inject({ url: '/site/healths?limit=1', headers })).json().counts;
    const live = socket;
    const equal = async () => {
      const r = await rest();
      const pushed = lastPushed(live.messages);
      return (
        Object.entries(COUNT_KEYS).every(
          ([event, key]) => JSON.stringify(pushed.get(event)) === JSON.stringify(r[key]),
        ) &&
        JSON.stringify(pushed.get(LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT)) === JSON.stringify(await restHealth())
      );
    };
    await until(equal);
    const r = await rest();
    const pushed = lastPushed(live.messages);
    for (const [event, key] of Object.entries(COUNT_KEYS)) expect(pushed.get(event), event).toEqual(r[key]);
    expect(pushed.get(LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT)).toEqual(await restHealth());
    // The battery classes are the exact ones (read now), not a cached older count.
    const user = await t.container.repos.users.findByUsername('ktbl');
    if (!user) throw new Error('no ktbl user');
    const exact = await t.container.services.network.counts.statusCounts(
      buildCaller(user, 'sid', new Date(Date.now() + 60_000)),
      {},
      { battery: 'fresh' },
    );
    expect(pushed.get(LIVE_EVENTS.BATTERY_BACKUP_COUNT)).toEqual(exact.battery);
    expect(pushed.get(LIVE_EVENTS.POWER_COUNT)).toEqual(exact.power);
    expect(exact.battery.bad).toBeGreaterThanOrEqual(1);
    expect(exact.battery.full).toBeGreaterThanOrEqual(1);
  });
});
