/**
 * Tickets (issue 19): scope (another company's site or ticket is 404), read-only refusals, bad
 * input 400 naming the field, an alarm with an open ticket links instead of a second ticket,
 * transitions refused with a clear error, SLA pause in pending/held, "alarms cleared", live events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import type { LiveEnvelope } from '../../bus/bus.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'mains_fail', tenant: 'robi' });
  await buildAlarm(t.pool, { siteUid: KT2, alarmId: 'high_temperature' });
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, payload: object, user = 'ktbl') =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });
const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const create = (body: object, user = 'ktbl') => post('/ticket/api/ticket-create', body, user);
const update = (body: object, user = 'ktbl') => post('/ticket/api/ticket-update', body, user);
const base = { title: 'Mains down at Gulshan', type: 'power', severity: 'critical' };

describe('POST /ticket/api/ticket-create', () => {
  it('answers a list whose first item is the created ticket, in status acknowledged', async () => {
    const res = await create({ ...base, siteUid: KT1, alarm: { alarmId: 'mains_fail', tenant: 'robi' } });
    expect(res.statusCode).toBe(200);
    const [ticket] = res.json();
    expect(ticket).toMatchObject({
      outcome: 'created',
      status: 'acknowledged',
      siteUid: KT1,
      siteName: 'Gulshan Tower',
      tenant: 'robi',
      severity: 'critical',
      priority: 'medium',
      sla: { acknowledgeMinutes: 15, resolveMinutes: 240 },
      alarmsCleared: false,
    });
    expect(ticket.alarms).toMatchObject([
      { siteUid: KT1, alarmId: 'mains_fail', tenant: 'robi', cleared: false },
    ]);
  });

  it('the same alarm links to its open ticket instead of opening a second one', async () => {
    const first = (await create({ ...base, siteUid: KT2, alarm: { alarmId: 'high_temperature' } })).json()[0];
    const again = await create({
      ...base,
      title: 'Again',
      siteUid: KT2,
      alarm: { alarmId: 'high_temperature' },
    });
    expect(again.json()[0]).toMatchObject({
      id: first.id,
      outcome: 'linked',
      title: 'Mains down at Gulshan',
    });
    // From an event of the same alarm: linked as well.
    const eventId = await buildEvent(t.pool, { siteUid: KT2, name: 'high_temperature' });
    const fromEvent = await create({ ...base, siteUid: KT2, eventId });
    expect(fromEvent.json()[0]).toMatchObject({ id: first.id, outcome: 'linked' });
    const list = (await get(`/ticket/api/ticket-list?site_uid=${KT2}`)).json();
    expect(list.total).toBe(1);
  });

  it('parallel creates for one alarm make one ticket', async () => {
    await buildAlarm(t.pool, { siteUid: KT2, alarmId: 'door_open' });
    const results = await Promise.all(
      [1, 2, 3].map(() => create({ ...base, type: 'access', siteUid: KT2, alarm: { alarmId: 'door_open' } })),
    );
    const outcomes = results.map((r) => r.json()[0].outcome).sort();
    expect(outcomes).toEqual(['created', 'linked', 'linked']);
    expect(new Set(results.map((r) => r.json()[0].id)).size).toBe(1);
  });

  it('from a raise event links the alarm it raised (event name ≠ alarm id), with its timeline', async () => {
    // issue 37: "Create ticket" from an AC Line Fail event (mains_outage) saved "Linked alarms: none".
    await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'ac_line_fail', tenant: 'robi' });
    t.clock.set(new Date());
    const raise = await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'mains_outage',
      tenant: 'robi',
      time: new Date(Date.now() - 60_000),
    });
    const [tk] = (await create({ ...base, siteUid: KT1, eventId: raise })).json();
    expect(tk).toMatchObject({ outcome: 'created', tenant: 'robi' });
    expect(tk.alarms).toMatchObject([{ alarmId: 'ac_line_fail', tenant: 'robi', eventId: raise }]);
    t.clock.set(new Date(Date.now() + 60_000));
    const d = (await get(`/ticket/api/ticket-details?id=${tk.id}`)).json();
    expect(d.timeline.map((e: { name: string }) => e.name)).toEqual(['mains_outage']);
    t.clock.set(Date.now());
  });

  it("another company's site is 404; a read-only user is refused; bad input names the field", async () => {
    expect((await create({ ...base, siteUid: FT1 })).statusCode).toBe(404);
    expect((await create({ ...base, siteUid: KT1 }, 'ftb')).statusCode).toBe(404);
    const ro = await create({ ...base, siteUid: KT1 }, 'robi.viewer');
    expect(ro.statusCode).toBe(403);
    const bad = await create({ ...base, siteUid: KT1, severity: 'apocalyptic' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.severity');
    const noTitle = await create({ ...base, title: '  ', siteUid: KT1 });
    expect(noTitle.json().field).toBe('body.title');
    const foreignAssignee = await create({ ...base, siteUid: KT1, assigneeUid: '200' });
    expect(foreignAssignee.statusCode).toBe(400);
    expect(foreignAssignee.json().field).toBe('body.assigneeUid');
    const otherSiteEvent = await buildEvent(t.pool, { siteUid: KT2, name: 'mains_fail' });
    const wrongEvent = await create({ ...base, siteUid: KT1, eventId: otherSiteEvent });
    expect(wrongEvent.json().field).toBe('body.eventId');
    // An event that is no alarm (a DG start) makes a ticket without an alarm link.
    const dgOn = await buildEvent(t.pool, { siteUid: KT1, name: 'dg_on' });
    const plain = (await create({ ...base, siteUid: KT1, eventId: dgOn })).json()[0];
    expect(plain).toMatchObject({ outcome: 'created', alarms: [], alarmsCleared: false });
  });
});

describe('POST /ticket/api/ticket-update', () => {
  it('refuses a transition the model does not allow with a clear error', async () => {
    const [tk] = (await create({ ...base, siteUid: KT1 })).json();
    const res = await update({ id: tk.id, status: 'closed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'body.status',
      message: 'A ticket that is acknowledged cannot move to closed',
    });
    const noReason = await update({ id: tk.id, status: 'held' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('body.reason');
    expect((await update({ id: tk.id })).json().field).toBe('body');
  });

  it('walks acknowledged → in progress → pending → in progress → resolved → closed with history', async () => {
    t.clock.set('2026-03-01T10:00:00Z');
    const [tk] = (await create({ ...base, siteUid: KT1, severity: 'major' })).json();
    t.clock.set('2026-03-01T10:10:00Z');
    const started = (await update({ id: tk.id, status: 'inProgress', assigneeUid: '103' })).json().ticket;
    expect(started).toMatchObject({
      acknowledgedAt: '2026-03-01T10:10:00.000Z',
      acknowledgePausedMs: 0,
      assigneeUid: '103',
    });
    t.clock.set('2026-03-01T11:00:00Z');
    const pending = (
      await update({ id: tk.id, status: 'pending', reason: 'Waiting for the landlord' })
    ).json();
    expect(pending.ticket.pausedSince).toBe('2026-03-01T11:00:00.000Z');
    t.clock.set('2026-03-01T14:00:00Z');
    const resumed = (await update({ id: tk.id, status: 'inProgress' })).json().ticket;
    expect(resumed).toMatchObject({ pausedSince: null, pausedMs: 3 * 3600_000 });
    await update({ id: tk.id, status: 'resolved', note: 'Breaker replaced' });
    const closed = (await update({ id: tk.id, status: 'closed' })).json().ticket;
    expect(closed.status).toBe('closed');
    const reopen = await update({ id: tk.id, status: 'inProgress', reason: 'Again' });
    expect(reopen.statusCode).toBe(409);
    const details = (await get(`/ticket/api/ticket-details?id=${tk.id}`)).json();
    expect(details.history.map((h: { to: string }) => h.to)).toEqual([
      'acknowledged',
      'inProgress',
      'pending',
      'inProgress',
      'resolved',
      'closed',
    ]);
    expect(details.history[2]).toMatchObject({ from: 'inProgress', reason: 'Waiting for the landlord' });
    expect(details.notes).toMatchObject([{ body: 'Breaker replaced', authorUid: '100' }]);
  });

  it('the SLA breach count leaves out paused time', async () => {
    t.clock.set('2026-04-01T10:00:00Z');
    const [a] = (await create({ ...base, siteUid: KT2, title: 'Paused one', severity: 'minor' })).json();
    const [b] = (await create({ ...base, siteUid: KT2, title: 'Running one', severity: 'minor' })).json();
    await update({ id: a.id, status: 'held', reason: 'Spare part ordered' });
    t.clock.set('2026-04-01T13:00:00Z'); // 3 h: past the 2 h acknowledge target of minor
    const list = (await get(`/ticket/api/ticket-list?search=${encodeURIComponent('one')}`)).json();
    expect(list.items.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(list.breaches).toBe(1);
  });

  it("another company's ticket is 404 for reads and writes; read-only users may read but not write", async () => {
    const noAlarm = await create({ ...base, siteUid: KT1, alarm: { alarmId: 'x_alarm', tenant: 'robi' } });
    expect(noAlarm.json()).toMatchObject({ statusCode: 400, field: 'body.alarm.alarmId' });
    const [tk] = (await create({ ...base, siteUid: KT1 })).json();
    expect((await get(`/ticket/api/ticket-details?id=${tk.id}`, 'ftb')).statusCode).toBe(404);
    expect((await update({ id: tk.id, note: 'hi' }, 'ftb')).statusCode).toBe(404);
    expect((await get(`/ticket/api/ticket-details?id=${tk.id}`, 'robi.viewer')).statusCode).toBe(200);
    expect((await update({ id: tk.id, note: 'hi' }, 'robi.viewer')).statusCode).toBe(403);
    const ftbList = (await get('/ticket/api/ticket-list', 'ftb')).json();
    expect(ftbList.total).toBe(0);
  });
});

describe('alarms cleared, evidence, live events', () => {
  it('shows "alarms cleared" when every linked alarm is normal, and stays open', async () => {
    await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'dc_low_voltage' });
    const [tk] = (await create({ ...base, siteUid: KT1, alarm: { alarmId: 'dc_low_voltage' } })).json();
    expect(tk.alarmsCleared).toBe(false);
    await t.pool.query(
      `update alarms set is_normal = true, cleared_at = now() where site_uid = $1 and alarm_id = 'dc_low_voltage'`,
      [KT1],
    );
    const after = (await get(`/ticket/api/ticket-details?id=${tk.id}`)).json();
    expect(after.ticket).toMatchObject({ alarmsCleared: true, status: 'acknowledged' });
  });

  it('details carry the alarm timeline and the door records of the ticket time', async () => {
    t.clock.set(new Date());
    await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'high_temperature' });
    await buildEvent(t.pool, { siteUid: KT1, name: 'high_temperature', time: new Date(Date.now() - 60_000) });
    const [tk] = (await create({ ...base, siteUid: KT1, alarm: { alarmId: 'high_temperature' } })).json();
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'door_open',
      group: 'ACS',
      time: new Date(Date.now() + 1000),
    });
    await t.pool.query(
      `insert into access_records (site_uid, com_id, card_number, granted, time) values ($1, 'RMS-KT1', 'C-77', true, $2)`,
      [KT1, new Date(Date.now() + 2000)],
    );
    t.clock.set(new Date(Date.now() + 60_000));
    const d = (await get(`/ticket/api/ticket-details?id=${tk.id}`)).json();
    expect(d.timeline.map((e: { name: string }) => e.name)).toEqual(['high_temperature']);
    expect(d.doorRecords).toMatchObject([
      { kind: 'door', label: 'door_open' },
      { kind: 'card', label: 'C-77', granted: true },
    ]);
    expect(d.assignees.map((a: { uid: string }) => a.uid)).toContain('103');
  });

  it('publishes RMS_TICKET_CREATE with the ticket and RMS_TICKET_UPDATE to the site audience', async () => {
    const seen: LiveEnvelope[] = [];
    const stop = t.container.bus.subscribe('live', (e) => {
      if (e.message.event.startsWith('RMS_TICKET')) seen.push(e);
    });
    const [tk] = (await create({ ...base, siteUid: KT2, title: 'Live one' })).json();
    await update({ id: tk.id, status: 'inProgress' });
    stop();
    expect(seen.map((e) => e.message.event)).toEqual(['RMS_TICKET_CREATE', 'RMS_TICKET_UPDATE']);
    expect(seen[0]?.audience).toEqual({ companyId: 'ktbl', siteUid: KT2, tenant: null });
    expect(seen[0]?.message.payload).toMatchObject({ id: tk.id, ticket: { title: 'Live one' } });
  });

  it('stores an image attachment up to the cap and refuses what is not that image', async () => {
    const [tk] = (await create({ ...base, siteUid: KT1 })).json();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    const body = {
      ticketId: tk.id,
      name: 'meter.png',
      contentType: 'image/png',
      data: png.toString('base64'),
    };
    const res = await post('/ticket/api/ticket-attachment', body);
    expect(res.statusCode).toBe(200);
    const { attachment } = res.json();
    expect(attachment).toMatchObject({ name: 'meter.png', size: 72 });
    const back = (await get(`/ticket/api/ticket-attachment?id=${attachment.id}`)).json();
    expect(Buffer.from(back.data, 'base64').equals(png)).toBe(true);
    expect((await get(`/ticket/api/ticket-attachment?id=${attachment.id}`, 'ftb')).statusCode).toBe(404);
    const fake = await post('/ticket/api/ticket-attachment', { ...body, contentType: 'image/jpeg' });
    expect(fake.json()).toMatchObject({ statusCode: 400, field: 'body.data' });
    const big = Buffer.concat([png, Buffer.alloc(600 * 1024)]).toString('base64');
    const tooBig = await post('/ticket/api/ticket-attachment', { ...body, data: big });
    expect(tooBig.json()).toMatchObject({ statusCode: 400, field: 'body.data' });
  });
});

describe('SLA settings', () => {
  const targets = {
    critical: { acknowledgeMinutes: 5, resolveMinutes: 60 },
    major: { acknowledgeMinutes: 20, resolveMinutes: 300 },
    minor: { acknowledgeMinutes: 60, resolveMinutes: 600 },
  };

  it("a company's own targets apply to tickets opened afterwards", async () => {
    const before = (await get('/ticket/api/sla-settings')).json();
    expect(before).toMatchObject({
      companyId: 'ktbl',
      isDefault: true,
      targets: { critical: { acknowledgeMinutes: 15 } },
    });
    const [old] = (await create({ ...base, siteUid: KT2, title: 'Before the change' })).json();
    const saved = await post('/ticket/api/sla-settings', { targets }, 'super');
    expect(saved.json()).toMatchObject({ isDefault: false, targets });
    const [fresh] = (await create({ ...base, siteUid: KT2, title: 'After the change' })).json();
    expect(fresh.sla).toEqual({ acknowledgeMinutes: 5, resolveMinutes: 60 });
    const kept = (await get(`/ticket/api/ticket-details?id=${old.id}`)).json();
    expect(kept.ticket.sla).toEqual({ acknowledgeMinutes: 15, resolveMinutes: 240 });
    expect((await get('/ticket/api/sla-settings', 'ftb')).json().isDefault).toBe(true);
  });

  it('refuses read-only users, employees, other companies and targets that make no sense', async () => {
    expect((await post('/ticket/api/sla-settings', { targets }, 'noc')).statusCode).toBe(403);
    expect((await post('/ticket/api/sla-settings', { targets }, 'ktbl.employee')).statusCode).toBe(403);
    expect((await post('/ticket/api/sla-settings', { company: 'ktbl', targets }, 'ftb')).statusCode).toBe(
      404,
    );
    const upside = { ...targets, minor: { acknowledgeMinutes: 600, resolveMinutes: 60 } };
    const bad = await post('/ticket/api/sla-settings', { targets: upside });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'body.targets.minor.resolveMinutes' });
    const operator = await get('/ticket/api/sla-settings', 'admin');
    expect(operator.json()).toMatchObject({ statusCode: 400, field: 'query.company' });
    expect((await get('/ticket/api/sla-settings?company=ftb', 'admin')).statusCode).toBe(200);
  });
});
