import { describe, expect, it } from 'vitest';
import {
  ALARM_EVENT_NAMES,
  alarmConsoleRaisedRange,
  alarmEventPairs,
  alarmOfRaiseEvent,
  canUseAlarmConsole,
  clearsRaise,
  ticketTypeOfAlarm,
} from './alarm-console.ts';
import { menuItemsFor } from './menu.ts';
import type { DomainUser } from './users.ts';

const at = (iso: string) => `2026-03-01T${iso}:00.000Z`;
const ev = (
  name: string,
  active: boolean,
  time: string,
  extra: Partial<{ siteUid: string; tenant: string | null }> = {},
) => ({
  name,
  active,
  time: at(time),
  siteUid: extra.siteUid ?? 'S1',
  tenant: extra.tenant ?? null,
});

describe('alarm raise and clear events (docs/requirements.md#alarm-console)', () => {
  it('knows the alarm of a raise event, by its raise name and only when active', () => {
    expect(alarmOfRaiseEvent({ name: 'mains_outage', active: true })).toBe('ac_line_fail');
    expect(alarmOfRaiseEvent({ name: 'mains_outage', active: false })).toBeNull();
    expect(alarmOfRaiseEvent({ name: 'door_open', active: true })).toBe('door_status');
    expect(alarmOfRaiseEvent({ name: 'door_close', active: true })).toBeNull();
    expect(alarmOfRaiseEvent({ name: 'mild_vibration', active: true })).toBe('vibration');
    expect(alarmOfRaiseEvent({ name: 'fuel_refill', active: true })).toBeNull();
    expect(alarmOfRaiseEvent({ name: 'dc_critical_voltage', active: true })).toBeNull();
  });

  it('raise names are unique: one alarm per raise name', () => {
    const raises = Object.values(ALARM_EVENT_NAMES).map((n) => n.raise);
    expect(new Set(raises).size).toBe(raises.length);
    const pairs = alarmEventPairs();
    expect(pairs.raise).toHaveLength(raises.length + 1);
    const i = pairs.raise.indexOf('security_breach');
    expect([pairs.alarm[i], pairs.clear[i]]).toEqual(['security_breach', 'security_breach_cleared']);
  });

  it('a clear ends the raise of its alarm at the same site and tenant, at or after it', () => {
    const raise = ev('mains_outage', true, '10:00', { tenant: 'robi' });
    expect(clearsRaise(ev('mains_outage', false, '10:05', { tenant: 'robi' }), raise)).toBe(true);
    expect(clearsRaise(ev('mains_outage', false, '10:05', { tenant: 'gp' }), raise)).toBe(false);
    expect(clearsRaise(ev('mains_outage', false, '10:05', { tenant: 'robi', siteUid: 'S2' }), raise)).toBe(
      false,
    );
    expect(clearsRaise(ev('mains_outage', false, '09:59', { tenant: 'robi' }), raise)).toBe(false);
    expect(clearsRaise(ev('mains_outage', true, '10:05', { tenant: 'robi' }), raise)).toBe(false);
    expect(clearsRaise(ev('door_close', false, '10:01'), ev('door_open', true, '10:00'))).toBe(true);
    expect(clearsRaise(ev('high_vibration', false, '10:01'), ev('mild_vibration', true, '10:00'))).toBe(true);
    expect(clearsRaise(ev('dc_fail', false, '10:01'), ev('fuel_refill', true, '10:00'))).toBe(false);
  });
});

describe('who uses the console', () => {
  const user = (type: DomainUser['type']): DomainUser => ({ uid: 'u1', type, tenants: [] });
  it('monitoring and read-only users; not finance nor operators', () => {
    for (const type of ['company', 'employee', 'superuser', 'read_only'] as const)
      expect(canUseAlarmConsole(user(type))).toBe(true);
    for (const type of ['finance', 'sudo', 'support'] as const)
      expect(canUseAlarmConsole(user(type))).toBe(false);
  });

  it('is the second item of the company menu, after the dashboard', () => {
    expect(
      menuItemsFor(user('employee'))
        .map((i) => i.id)
        .slice(0, 3),
    ).toEqual(['dashboard', 'alarm_console', 'map']);
    expect(menuItemsFor(user('finance')).map((i) => i.id)).not.toContain('alarm_console');
  });
});

describe('ages', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('the active view has no lower bound; the recent view the last 7 days', () => {
    expect(alarmConsoleRaisedRange('active', undefined, now)).toEqual({ after: null, before: null });
    expect(alarmConsoleRaisedRange('recent', undefined, now)).toEqual({
      after: new Date('2026-03-03T12:00:00Z'),
      before: null,
    });
  });
  it('"in the last" narrows the start, "over … ago" sets the end', () => {
    expect(alarmConsoleRaisedRange('recent', 'lt1h', now).after).toEqual(new Date('2026-03-10T11:00:00Z'));
    expect(alarmConsoleRaisedRange('active', 'gt24h', now)).toEqual({
      after: null,
      before: new Date('2026-03-09T12:00:00Z'),
    });
    expect(alarmConsoleRaisedRange('recent', 'gt7d', now)).toEqual({
      after: new Date('2026-03-03T12:00:00Z'),
      before: new Date('2026-03-03T12:00:00Z'),
    });
  });
});

describe('ticket type of an alarm', () => {
  it('follows the alarm groups; the device link is device', () => {
    expect(ticketTypeOfAlarm('ac_line_fail')).toBe('power');
    expect(ticketTypeOfAlarm('security_breach')).toBe('access');
    expect(ticketTypeOfAlarm('high_temperature')).toBe('environment');
    expect(ticketTypeOfAlarm('device_online')).toBe('device');
    expect(ticketTypeOfAlarm('nothing_known')).toBe('other');
  });
});
