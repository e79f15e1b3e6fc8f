import { describe, expect, it } from 'vitest';
import { alarmChoices, groupHealth, minuteToTime, policySummary, timeToMinute } from './telegram-model.ts';

describe('telegram model', () => {
  it('lists alarms by severity, emergencies first, minor last', () => {
    const choices = alarmChoices();
    expect(choices[0]?.severity).toBe('emergency');
    expect(choices.at(-1)?.severity).toBe('minor');
    expect(choices.find((c) => c.id === 'mains_fail')).toMatchObject({
      label: 'Mains Fail',
      severity: 'major',
    });
  });

  it('converts quiet-hour times both ways and refuses invalid times', () => {
    expect(minuteToTime(22 * 60 + 5)).toBe('22:05');
    expect(minuteToTime(null)).toBe('');
    expect(timeToMinute('06:30')).toBe(390);
    expect(timeToMinute('24:00')).toBeNull();
    expect(timeToMinute('')).toBeNull();
  });

  it('summarises settings and health', () => {
    const p = {
      alarm_ids: ['mains_fail' as const],
      severities: ['major' as const, 'minor' as const],
      notify_raise: true,
      notify_clear: true,
      quiet_start: 1320,
      quiet_end: 360,
      grouping_seconds: 300,
    };
    expect(policySummary(p)).toBe('1 alarms · Major/Minor · grouped 300 s · quiet 22:00–06:00');
    const d = { queued: 0, sent: 1, failed: 0 };
    expect(groupHealth({ status: 'inactive', bot_admin: true, deliveries: d }).label).toBe('Inactive');
    expect(groupHealth({ status: 'active', bot_admin: false, deliveries: d }).label).toBe('Bot is not admin');
    expect(groupHealth({ status: 'active', bot_admin: null, deliveries: { ...d, failed: 2 } }).color).toBe(
      'red',
    );
  });
});
