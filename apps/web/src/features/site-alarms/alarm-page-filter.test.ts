import { describe, expect, it } from 'vitest';
import type { AlarmRow } from '../site-overview/index.ts';
import { alarmRowMatches } from './alarm-page-filter.ts';

const row = (id: string, state: AlarmRow['state'], tenant: string | null = null): AlarmRow => ({
  key: `${id}:${tenant}`,
  id,
  name: id,
  tenant,
  group: 'Power',
  display: 'YES',
  state,
  lastEvent: null,
});

describe('alarm page filter', () => {
  it('filters by group, option keys with tenant variants, and raised only', () => {
    const all = { group: 'All' as const, keys: [], raisedOnly: false };
    expect(alarmRowMatches(row('door_status', 'normal'), all)).toBe(true);
    expect(alarmRowMatches(row('door_status', 'normal'), { ...all, raisedOnly: true })).toBe(false);
    expect(alarmRowMatches(row('door_status', 'raised'), { ...all, group: 'Power' })).toBe(false);
    expect(alarmRowMatches(row('door_status', 'raised'), { ...all, group: 'Access' })).toBe(true);
    const robiLine = { group: 'Power' as const, keys: ['ac_line_fail_robi'], raisedOnly: false };
    expect(alarmRowMatches(row('ac_line_fail', 'raised', 'robi'), robiLine)).toBe(true);
    expect(alarmRowMatches(row('ac_line_fail', 'raised', 'banglalink'), robiLine)).toBe(false);
    expect(alarmRowMatches(row('mains_fail', 'raised'), robiLine)).toBe(false);
  });
});
