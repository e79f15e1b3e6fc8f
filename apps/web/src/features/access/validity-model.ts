/**
 * Card validity in words and in form values (docs/requirements.md#time-windows): weekly time
 * windows in Asia/Dhaka as "Sun–Thu 08:00–18:00", validity dates as Dhaka days.
 */
import { DHAKA_OFFSET_MS, type TimeWindow } from '@towerwatch/domain';

/** Short day names, 0 = Sunday. */
export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Days as runs: [0,1,2,3,4] → "Sun–Thu", [0,2,3,4,6] → "Sun, Tue–Thu, Sat", all seven → "Every day". */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const runs: string[] = [];
  let start = sorted[0];
  for (let i = 0; i < sorted.length; i++) {
    const day = sorted[i] as number;
    const next = sorted[i + 1];
    if (next !== day + 1) {
      const first = start as number;
      runs.push(
        first === day
          ? `${DAY_NAMES[day]}`
          : day === first + 1
            ? `${DAY_NAMES[first]}, ${DAY_NAMES[day]}`
            : `${DAY_NAMES[first]}–${DAY_NAMES[day]}`,
      );
      start = next;
    }
  }
  return runs.join(', ');
}

/** One window in words: "Sun–Thu 08:00–18:00" (until before from runs past midnight). */
export const formatTimeWindow = (window: TimeWindow): string =>
  `${formatDays(window.days)} ${window.from}–${window.until}`;

/** All windows of a card; none means at any time. */
export function formatTimeWindows(windows: readonly TimeWindow[]): string {
  return windows.length === 0 ? 'Any time' : windows.map(formatTimeWindow).join('; ');
}

/** A Dhaka day (`YYYY-MM-DD`) as the instant the card becomes valid: 00:00 Asia/Dhaka. */
export const validFromOfDay = (day: string): string => `${day}T00:00:00+06:00`;

/** A Dhaka day (`YYYY-MM-DD`) as the instant the card stops being valid: the end of that day. */
export function validUntilOfDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `${next.toISOString().slice(0, 10)}T00:00:00+06:00`;
}

/** The Dhaka day of an instant (for the date inputs); `until` shows the last valid day. */
export function dayOfInstant(iso: string | null, until = false): string {
  if (!iso) return '';
  const shifted = Date.parse(iso) + DHAKA_OFFSET_MS - (until ? 1 : 0);
  return new Date(shifted).toISOString().slice(0, 10);
}

/** Validity range in words: "until 2026-06-30", "from 2026-05-01", "2026-05-01 – 2026-06-30", or "No end". */
export function formatValidity(validFrom: string | null, validUntil: string | null): string {
  const from = dayOfInstant(validFrom);
  const until = dayOfInstant(validUntil, true);
  if (from && until) return `${from} – ${until}`;
  if (from) return `from ${from}`;
  if (until) return `until ${until}`;
  return 'No end';
}
