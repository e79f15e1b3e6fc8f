import { buildDemoFleet } from '@towerwatch/fleet';
import { describe, expect, it } from 'vitest';
import { toDeviceMessage } from './device-message.ts';
import { applyAccessListChunk, createDeviceAccessList } from './site-access.ts';
import { SiteModel } from './site-model.ts';

const entry = (card_number: string, over: object = {}) => ({
  card_number,
  valid_from: null,
  valid_until: null,
  blocked: false,
  time_windows: [],
  ...over,
});

describe('the controller access list (docs/device-protocol.md "access_list")', () => {
  it('applies a version once all its chunks arrived, and ignores repeats and older versions', () => {
    const list = createDeviceAccessList();
    const part = (chunk: number, cards: string[], version = 1) => ({
      version,
      chunk,
      chunks: 2,
      total: 3,
      entries: cards.map((c) => entry(c)),
    });
    expect(applyAccessListChunk(list, part(1, ['C3'])).applied).toBe(false);
    expect(list.version).toBe(0);
    expect(applyAccessListChunk(list, part(0, ['C1', 'C2']))).toEqual({
      applied: true,
      added: ['C1', 'C2', 'C3'],
      removed: [],
    });
    expect(applyAccessListChunk(list, part(0, ['C1', 'C2'])).applied).toBe(false); // repeat: idempotent
    const v2 = { version: 2, chunk: 0, chunks: 1, total: 1, entries: [entry('C1', { blocked: true })] };
    expect(applyAccessListChunk(list, v2)).toEqual({ applied: true, added: ['C1'], removed: ['C2', 'C3'] });
  });
});

describe('the simulated site enforces its list', () => {
  const site = buildDemoFleet().sites.find((s) => s.has_acs);
  if (!site) throw new Error('no ACS site in the demo fleet');
  const now = Date.parse('2026-11-24T04:00:00Z');
  const model = () =>
    new SiteModel(site, { seed: 1, startMs: now, initial: 'normal', behaviour: { episodes: false } });
  const send = (m: SiteModel, version: number, entries: ReturnType<typeof entry>[]) =>
    m.handleCommand(
      {
        cmd_id: String(version),
        ts: now,
        command: 'access_list',
        params: { version, chunk: 0, chunks: 1, total: entries.length, entries },
      },
      now,
    );

  it('acks the list, grants a listed card, and denies with the reason', () => {
    const m = model();
    expect(
      send(m, 1, [
        entry('A1'),
        entry('B1', { blocked: true }),
        entry('E1', { valid_until: '2026-01-01T00:00:00Z' }),
      ]),
    ).toContainEqual({
      kind: 'cmd/ack',
      cmd_id: '1',
      ok: true,
    });
    expect(m.accessList()).toEqual({ version: 1, cards: ['A1', 'B1', 'E1'] });
    expect(m.swipe('A1', now)[0]).toMatchObject({ kind: 'access', granted: true });
    expect(m.swipe('B1', now)[0]).toMatchObject({ granted: false, reason: 'blocked' });
    expect(m.swipe('E1', now)[0]).toMatchObject({ granted: false, reason: 'expired' });
    expect(m.swipe('ZZ9', now)[0]).toMatchObject({ granted: false, reason: 'unknown_card' });
    // a small change is remembered for the engineer's swipe, once
    send(m, 2, [entry('B1', { blocked: true }), entry('E1', { valid_until: '2026-01-01T00:00:00Z' })]);
    expect(m.takeRecentCards()).toEqual(['A1']);
    expect(m.takeRecentCards()).toEqual([]);
    expect(m.swipe('A1', now)[0]).toMatchObject({ granted: false, reason: 'unknown_card' });
  });

  it('reports the version it holds: 0 on connect after a restart, the new one once a version is applied', () => {
    const m = model();
    const status = m.connectOutputs(now)[0];
    // The status also carries the controller's service record (issue 16); only the version matters here.
    expect(status).toMatchObject({ kind: 'status', online: true, accessListVersion: 0 });
    const message = toDeviceMessage(site.com_id, status as NonNullable<typeof status>, () => 'x', now);
    expect(message).toMatchObject({
      kind: 'status',
      retain: true,
      payload: { online: true, access_list_version: 0 },
    });
    expect(send(m, 4, [entry('A1')])).toContainEqual({ kind: 'status', online: true, accessListVersion: 4 });
    expect(m.connectOutputs(now)[0]).toMatchObject({ kind: 'status', online: true, accessListVersion: 4 });
    // An older version changes nothing and reports nothing new.
    expect(send(m, 3, []).filter((o) => o.kind === 'status')).toEqual([]);
  });
});
