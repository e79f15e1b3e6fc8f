import type { AlarmConsoleRow, SiteEvent } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import {
  appendRows,
  applyAcknowledged,
  applyClear,
  filterFromParams,
  filterToParams,
  mergeFirstPage,
  selectableKeys,
} from './alarm-console-model.ts';

const row = (key: string, over: Partial<AlarmConsoleRow> = {}): AlarmConsoleRow => ({
  key,
  eventId: Number(key.slice(1)),
  siteUid: 'S1',
  siteName: 'Site 1',
  division: 'Dhaka',
  district: 'Dhaka',
  alarmId: 'ac_line_fail',
  name: 'mains_outage',
  tenant: 'robi',
  group: 'Power',
  raisedAt: '2026-03-01T10:00:00.000Z',
  active: true,
  clearedAt: null,
  emergency: false,
  value: null,
  acknowledgedBy: null,
  acknowledgedByName: null,
  acknowledgedAt: null,
  ...over,
});

describe('the console filter in the URL', () => {
  it('round-trips, leaving defaults out and unknown values behind', () => {
    const f = filterFromParams(
      new URLSearchParams(
        'view=recent&group=Access&alarms=door_status,security_breach&age=gt1h&acknowledged=no&q=mirpur&sort=oldest&tenant=robi&division=Dhaka',
      ),
    );
    expect(f).toMatchObject({
      view: 'recent',
      group: 'Access',
      alarms: ['door_status', 'security_breach'],
      age: 'gt1h',
      acknowledged: 'no',
      q: 'mirpur',
      sort: 'oldest',
      tenant: 'robi',
      division: 'Dhaka',
      district: null,
    });
    expect(filterFromParams(filterToParams(f))).toEqual(f);
    expect(
      filterToParams(filterFromParams(new URLSearchParams('view=soon&group=Nope&age=ever'))).toString(),
    ).toBe('');
  });
});

describe('rows', () => {
  it('pages append without repeats; a fresh first page puts new rows on top', () => {
    expect(appendRows([row('e3'), row('e2')], [row('e2'), row('e1')]).map((r) => r.key)).toEqual([
      'e3',
      'e2',
      'e1',
    ]);
    const merged = mergeFirstPage([row('e3'), row('e2')], [row('e5'), row('e3', { acknowledgedBy: '9' })]);
    expect(merged.map((r) => r.key)).toEqual(['e5', 'e3', 'e2']);
    expect(merged[1]?.acknowledgedBy).toBe('9');
  });

  it('an acknowledgement updates its row and leaves it unselectable', () => {
    const rows = applyAcknowledged([row('e3'), row('e2')], {
      id: 3,
      acknowledgedBy: '9',
      acknowledgedByName: 'Nine',
      acknowledgedAt: 'x',
    });
    expect(rows[0]).toMatchObject({ acknowledgedByName: 'Nine' });
    expect(selectableKeys(rows)).toEqual(['e2']);
  });

  it('a live clear drops its rows from the active view and marks them cleared in the recent view', () => {
    const clear = {
      id: 9,
      name: 'mains_outage',
      active: false,
      siteUid: 'S1',
      tenant: 'robi',
      time: '2026-03-01T10:20:00.000Z',
      group: 'RMS',
      value: null,
      acknowledgedBy: null,
      acknowledgedAt: null,
    } as SiteEvent;
    const other = row('e4', { tenant: 'gp' });
    expect(applyClear([row('e3'), other], clear, 'active').map((r) => r.key)).toEqual(['e4']);
    expect(applyClear([row('e3'), other], clear, 'recent')[0]).toMatchObject({
      active: false,
      clearedAt: clear.time,
    });
  });
});
