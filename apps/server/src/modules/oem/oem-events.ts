/**
 * OEM events (docs/requirements.md#oem-events): a change of the active alarm set of the rectifier or
 * of one battery between two consecutive alarm records of that source. Pure: the service feeds it
 * alarm records newest first, chunk by chunk.
 */
import type { OemAlarm, OemEvent } from '@towerwatch/contract';
import type { OemRow } from './oem.repository.ts';

type AlarmRef = Omit<OemAlarm, 'active'>;

const sourceOf = (row: OemRow) => (row.kind === 'bms_alarm' ? 'bms' : 'rectifier');
const addressOf = (row: OemRow) => (row.kind === 'bms_alarm' ? Number(row.data.address) : null);
const keyOf = (row: OemRow) => `${sourceOf(row)}/${addressOf(row) ?? ''}`;

function activeAlarms(row: OemRow | null): Map<string, AlarmRef> {
  const out = new Map<string, AlarmRef>();
  const alarms = (row?.data.alarms ?? []) as OemAlarm[];
  for (const a of alarms) {
    if (!a.active) continue;
    const ref: AlarmRef = { code: a.code, name: a.name };
    if (a.severity) ref.severity = a.severity;
    out.set(a.code, ref);
  }
  return out;
}

/** The event of `newer` against the record before it of the same source (null: the first one), if any. */
export function alarmChange(newer: OemRow, older: OemRow | null): OemEvent | null {
  const now = activeAlarms(newer);
  const before = activeAlarms(older);
  const raised = [...now].filter(([code]) => !before.has(code)).map(([, a]) => a);
  const cleared = [...before].filter(([code]) => !now.has(code)).map(([, a]) => a);
  if (raised.length === 0 && cleared.length === 0) return null;
  return {
    id: newer.id,
    time: newer.time.toISOString(),
    source: sourceOf(newer),
    address: addressOf(newer),
    raised,
    cleared,
  };
}

/**
 * Walks alarm records newest first. `add` takes the next chunk; `result` gives the events that are
 * final — newer than every record still waiting for its predecessor — newest first, and the cursor.
 */
export function createEventScan() {
  /** Per source: the oldest record seen so far, still waiting for the one before it. */
  const pending = new Map<string, OemRow>();
  const events: OemEvent[] = [];
  /** The lowest id read so far (records below it are not read yet). */
  let lowest = Number.POSITIVE_INFINITY;
  return {
    add(rows: readonly OemRow[]): void {
      for (const row of rows) {
        lowest = Math.min(lowest, row.id);
        const key = keyOf(row);
        const newer = pending.get(key);
        if (newer) {
          const event = alarmChange(newer, row);
          if (event) events.push(event);
        }
        pending.set(key, row);
      }
    },
    /** Records still waiting for the record before them of their source. */
    waiting(): OemRow[] {
      return [...pending.values()];
    },
    /** Settles a waiting record against the record before it (read directly), null when it is the first. */
    resolve(row: OemRow, older: OemRow | null): void {
      const event = alarmChange(row, older);
      if (event) events.push(event);
      pending.delete(keyOf(row));
    },
    /** No older records exist: every waiting record is the first of its source. */
    finish(): void {
      for (const row of pending.values()) {
        const event = alarmChange(row, null);
        if (event) events.push(event);
      }
      pending.clear();
    },
    /** The highest id still waiting (0 when none). */
    waitingAbove(): number {
      let max = 0;
      for (const row of pending.values()) max = Math.max(max, row.id);
      return max;
    },
    /** Final events, newest first, at most `limit`, and the cursor of the next page. */
    result(limit: number, more: boolean): { items: OemEvent[]; nextOldestId: number | null } {
      const floor = this.waitingAbove();
      const final = events.filter((e) => e.id > floor).sort((a, b) => b.id - a.id);
      if (final.length > limit) {
        const items = final.slice(0, limit);
        return { items, nextOldestId: items[items.length - 1]?.id ?? null };
      }
      // Something still waits: continue from it (re-read next time).
      if (floor > 0) return { items: final, nextOldestId: floor + 1 };
      // Every record read is settled: continue below the lowest one.
      return { items: final, nextOldestId: more && Number.isFinite(lowest) ? lowest : null };
    },
  };
}
