/**
 * Display of alarm values (docs/requirements.md#alarm-values).
 */

/** Word pairs alarm values are shown with; the first word is shown for the value 1. */
export const ALARM_VALUE_PAIRS = {
  yes_no: ['YES', 'NO'],
  open_close: ['OPEN', 'CLOSE'],
  on_off: ['ON', 'OFF'],
  high_low: ['HIGH', 'LOW'],
} as const;
/** A value-pair kind. */
export type AlarmValuePairKind = keyof typeof ALARM_VALUE_PAIRS;

/**
 * Which pair each alarm uses (docs/requirements.md#alarm-values leaves it open). Decisions:
 * - OPEN/CLOSE: door_status, lock_status (the physical state of the door and lock);
 * - ON/OFF: dg_on, pg_on (generator running);
 * - HIGH/LOW: high_temperature, vibration, motion (sensor levels);
 * - YES/NO: every other alarm (a fault present or not).
 * Value 1 shows the first word (OPEN, ON, HIGH, YES), value 0 the second.
 */
export const ALARM_VALUE_PAIR_OF: Readonly<Record<string, AlarmValuePairKind>> = {
  door_status: 'open_close',
  lock_status: 'open_close',
  dg_on: 'on_off',
  pg_on: 'on_off',
  high_temperature: 'high_low',
  vibration: 'high_low',
  motion: 'high_low',
};

/** The pair kind an alarm uses (YES/NO unless listed in {@link ALARM_VALUE_PAIR_OF}). */
export function alarmValuePairKind(alarmId: string): AlarmValuePairKind {
  return ALARM_VALUE_PAIR_OF[alarmId] ?? 'yes_no';
}

/**
 * Shows an alarm value: 1/true → first word, 0/false → second word of the alarm's pair. Decision:
 * any other value (null, 2, 'x') shows '-'. Numeric strings '0' and '1' are accepted.
 */
export function alarmValueDisplay(
  alarmId: string,
  value: number | string | boolean | null | undefined,
): string {
  const [one, zero] = ALARM_VALUE_PAIRS[alarmValuePairKind(alarmId)];
  if (value === 1 || value === true || value === '1') return one;
  if (value === 0 || value === false || value === '0') return zero;
  return '-';
}
