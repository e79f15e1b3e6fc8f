import type { SiteEvent } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { applyLiveClear, eventBadge } from './event-state.ts';

const ev = (over: Partial<SiteEvent>): SiteEvent => ({
  id: 1,
  name: 'mains_outage',
  time: '2026-03-01T10:00:00.000Z',
  siteUid: 'S1',
  tenant: 'robi',
  group: 'RMS',
  active: true,
  value: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  ...over,
});
const hhmm = (iso: string) => iso.slice(11, 16);

describe('event badges (issue 37: a cleared alarm is not "Active")', () => {
  it('an active alarm raise is Active and actionable', () => {
    expect(eventBadge(ev({ alarmState: 'active' }), hhmm)).toMatchObject({
      label: 'Active',
      actionable: true,
    });
  });
  it('a cleared raise reads raised → cleared with the duration, no actions', () => {
    const badge = eventBadge(ev({ alarmState: 'cleared', clearedAt: '2026-03-01T10:12:00.000Z' }), hhmm);
    expect(badge).toEqual({
      label: 'Cleared',
      colour: 'teal',
      lifetime: 'raised → cleared 10:12, lasted 0hr 12m',
      actionable: false,
    });
  });
  it('a clear event is a Clear; an event that is no alarm is an Event', () => {
    expect(eventBadge(ev({ active: false, alarmState: null }), hhmm).label).toBe('Clear');
    expect(eventBadge(ev({ name: 'fuel_refill', alarmState: null }), hhmm).label).toBe('Event');
  });
  it('a live raise (no state) of an alarm is Active until a live clear ends it', () => {
    const raise = ev({ id: 5 });
    expect(eventBadge(raise, hhmm).label).toBe('Active');
    const clear = ev({ id: 6, active: false, time: '2026-03-01T10:30:00.000Z' });
    const other = ev({ id: 7, tenant: 'gp' });
    const [after, untouched] = applyLiveClear([raise, other], clear);
    expect(after).toMatchObject({ alarmState: 'cleared', clearedAt: '2026-03-01T10:30:00.000Z' });
    expect(untouched).toBe(other);
    expect(eventBadge(after as SiteEvent, hhmm).lifetime).toBe('raised → cleared 10:30, lasted 0hr 30m');
  });
});
