/** OEM events from alarm records (docs/requirements.md#oem-events): final events and cursors of a chunked scan. */
import { describe, expect, it } from 'vitest';
import type { OemRow } from './oem.repository.ts';
import { alarmChange, createEventScan } from './oem-events.ts';

const row = (id: number, active: string[], kind = 'rectifier_alarm', address?: number): OemRow => ({
  id,
  site_uid: 'S',
  com_id: 'C',
  kind,
  time: new Date(id * 1000),
  data: {
    kind,
    ...(address ? { address } : {}),
    alarms: ['AC_FAIL', 'BATT_LOW'].map((code) => ({ code, name: code, active: active.includes(code) })),
  },
});

describe('OEM events', () => {
  it('a change raises and clears alarms; no change is no event', () => {
    expect(alarmChange(row(2, ['AC_FAIL']), row(1, []))).toMatchObject({
      id: 2,
      raised: [{ code: 'AC_FAIL' }],
      cleared: [],
    });
    expect(alarmChange(row(3, ['BATT_LOW']), row(2, ['AC_FAIL']))).toMatchObject({
      raised: [{ code: 'BATT_LOW' }],
      cleared: [{ code: 'AC_FAIL' }],
    });
    expect(alarmChange(row(2, ['AC_FAIL']), row(1, ['AC_FAIL']))).toBeNull();
    expect(alarmChange(row(1, []), null)).toBeNull();
  });

  it('keeps an event back until the record before it is read, and moves the cursor on through calm records', () => {
    const scan = createEventScan();
    // Newest first: rectifier changed at 10; the battery's record 9 waits for its predecessor.
    scan.add([row(10, ['AC_FAIL']), row(9, ['BATT_LOW'], 'bms_alarm', 1), row(8, [])]);
    const first = scan.result(5, true);
    expect(first.items.map((e) => e.id)).toEqual([10]);
    // Record 9 (battery) and 8 (rectifier) still wait: the next page starts above the highest of them.
    expect(first.nextOldestId).toBe(10);
    // A calm source never changing still lets the cursor fall.
    const calm = createEventScan();
    calm.add([row(50, []), row(49, []), row(48, [])]);
    expect(calm.result(5, true)).toEqual({ items: [], nextOldestId: 49 });
  });

  it('settling the waiting records directly moves the cursor below everything read', () => {
    const scan = createEventScan();
    // The battery's record 99 waits; its predecessor is far back (read directly).
    scan.add([row(99, ['BATT_LOW'], 'bms_alarm', 1), row(98, []), row(97, [])]);
    for (const waiting of scan.waiting())
      scan.resolve(waiting, waiting.kind === 'bms_alarm' ? row(3, [], 'bms_alarm', 1) : row(96, []));
    expect(scan.result(10, true)).toEqual({
      items: [expect.objectContaining({ id: 99, source: 'bms', address: 1 })],
      nextOldestId: 97,
    });
  });

  it('at the end of the records the first record of each source counts from nothing', () => {
    const scan = createEventScan();
    scan.add([row(3, ['AC_FAIL']), row(2, ['BATT_LOW'], 'bms_alarm', 2), row(1, [])]);
    scan.finish();
    const { items, nextOldestId } = scan.result(10, false);
    expect(items.map((e) => `${e.id}:${e.source}:${e.address}`)).toEqual(['3:rectifier:null', '2:bms:2']);
    expect(nextOldestId).toBeNull();
  });

  it('a full page gives the last event as the cursor', () => {
    const scan = createEventScan();
    scan.add([
      row(6, ['AC_FAIL']),
      row(5, []),
      row(4, ['AC_FAIL']),
      row(3, []),
      row(2, ['AC_FAIL']),
      row(1, []),
    ]);
    const page = scan.result(2, true);
    expect(page.items.map((e) => e.id)).toEqual([6, 5]);
    expect(page.nextOldestId).toBe(5);
  });
});
