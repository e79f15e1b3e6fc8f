import { describe, expect, it } from 'vitest';
import { AlarmTable } from './alarm-table.ts';
import { parseSiteAlarmSettings } from './settings.ts';
import { type AlarmState, alarmKey, newAlarmState } from './state.ts';

const settings = parseSiteAlarmSettings({});
const alarm = (over: Partial<AlarmState> & { alarmId: string }): AlarmState => ({
  ...newAlarmState(over.alarmId, over.tenant ?? '', settings),
  ...over,
});

describe('AlarmTable', () => {
  it('gives back every field as stored, nulls included, per alarm id and tenant', () => {
    const t = new AlarmTable();
    const raised = alarm({
      alarmId: 'mains_fail',
      tenant: 'robi',
      isNormal: false,
      isAvailable: false,
      isDisable: true,
      raisedAt: new Date('2026-11-24T10:00:00.123Z'),
      clearedAt: new Date('2026-11-24T09:00:00Z'),
      lastEventAt: new Date('2026-11-24T10:00:00.123Z'),
      acknowledgedBy: 'noc@example.com',
      acknowledgedAt: new Date('2026-11-24T10:05:00Z'),
      value: -0.5,
    });
    const normal = alarm({ alarmId: 'mains_fail', tenant: 'gp', value: 0 });
    t.set(alarmKey('mains_fail', 'robi'), raised);
    t.set(alarmKey('mains_fail', 'gp'), normal);
    expect(t.size).toBe(2);
    expect(t.get(alarmKey('mains_fail', 'robi'))).toEqual(raised);
    expect(t.get(alarmKey('mains_fail', 'gp'))).toEqual(normal);
    expect(t.get(alarmKey('mains_fail', 'banglalink'))).toBeUndefined();
    expect(t.get(alarmKey('never_seen_alarm', ''))).toBeUndefined();
    expect([...t.values()]).toEqual([raised, normal]);
  });

  it('hands out copies: a change counts only once set', () => {
    const t = new AlarmTable();
    const key = alarmKey('door_status', '');
    t.set(key, alarm({ alarmId: 'door_status' }));
    const copy = t.get(key) as AlarmState;
    copy.isNormal = false;
    expect(t.isRaised(key)).toBe(false);
    t.set(key, copy);
    expect(t.isRaised(key)).toBe(true);
    expect(t.get(key)?.isNormal).toBe(false);
  });

  it('answers raised and settled from the flags, false for an absent alarm', () => {
    const t = new AlarmTable();
    const key = alarmKey('high_temp', '');
    expect(t.isRaised(key)).toBe(false);
    expect(t.isSettled(key, true, false)).toBe(false);
    t.set(key, alarm({ alarmId: 'high_temp', isNormal: false, isDisable: true }));
    expect(t.isRaised(key)).toBe(true);
    expect(t.isSettled(key, false, true)).toBe(true);
    expect(t.isSettled(key, false, false)).toBe(false);
    expect(t.isSettled(key, true, true)).toBe(false);
  });

  it('keeps who acknowledged per alarm while slots are added and cleared', () => {
    const t = new AlarmTable();
    const ids = ['a1', 'a2', 'a3', 'a4'];
    for (const id of ids) t.set(alarmKey(id, ''), alarm({ alarmId: id }));
    t.set(alarmKey('a2', ''), alarm({ alarmId: 'a2', acknowledgedBy: 'u2' }));
    t.set(alarmKey('a5', ''), alarm({ alarmId: 'a5', acknowledgedBy: 'u5' }));
    expect([...t.values()].map((a) => a.acknowledgedBy)).toEqual([null, 'u2', null, null, 'u5']);
    t.set(alarmKey('a2', ''), alarm({ alarmId: 'a2' }));
    t.set(alarmKey('a5', ''), alarm({ alarmId: 'a5' }));
    t.set(alarmKey('a6', ''), alarm({ alarmId: 'a6', value: 3 }));
    expect([...t.values()].map((a) => a.acknowledgedBy)).toEqual([null, null, null, null, null, null]);
    expect([...t.values()].map((a) => a.alarmId)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(t.get(alarmKey('a6', ''))?.value).toBe(3);
  });
});
