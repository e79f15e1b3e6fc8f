/**
 * The lane's deferred latest values (lane.ts): what waits is written oldest first up to the cap, a
 * newer value of a waiting pin replaces it in place, a write removes only what it covered, and the site
 * store's overlay (pendingLatestIn) sees exactly what waits.
 */
import { describe, expect, it } from 'vitest';
import type { Reading } from './batch-writes.ts';
import { createLane, pendingLatestIn, pickLatest, settleLatest } from './lane.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute, 0, 123));
const r = (comId: string, pinName: string, value: number, minute: number): Reading => ({
  comId,
  pinName,
  value,
  ts: at(minute),
});
const batch = (...readings: Reading[]) => new Map(readings.map((x) => [`${x.comId}/${x.pinName}`, x]));

describe('deferred latest values', () => {
  it('defers over the cap, then writes the oldest first, each exactly once', () => {
    const lane = createLane();
    const first = batch(r('D1', 'am1', 1, 0), r('D1', 'am2', 2, 0), r('D2', 'am1', 3, 0));
    const p1 = pickLatest(lane, first, new Set(first.keys()), 1);
    expect(p1.now).toEqual([r('D1', 'am1', 1, 0)]);
    settleLatest(lane, p1.now, p1.later);
    expect(lane.dirtyCount).toBe(2);
    expect(pendingLatestIn([lane], 'D1')).toEqual([{ pinName: 'am2', value: 2, ts: at(0) }]);
    expect(pendingLatestIn([lane], 'D2')).toEqual([{ pinName: 'am1', value: 3, ts: at(0) }]);

    // An empty batch writes what waits, oldest first, up to the cap.
    const p2 = pickLatest(lane, new Map(), new Set(), 1);
    expect(p2.now).toEqual([r('D1', 'am2', 2, 0)]);
    settleLatest(lane, p2.now, p2.later);
    const p3 = pickLatest(lane, new Map(), new Set(), 5);
    expect(p3.now).toEqual([r('D2', 'am1', 3, 0)]);
    settleLatest(lane, p3.now, p3.later);
    expect(lane.dirtyCount).toBe(0);
    expect(lane.dirty.size).toBe(0);
    expect(pendingLatestIn([lane], 'D1')).toBeUndefined();
  });

  it('a newer value of a waiting pin replaces it in place; a write of an older one leaves it waiting', () => {
    const lane = createLane();
    settleLatest(lane, [], [r('D1', 'am1', 1, 0), r('D1', 'am2', 2, 0)]);
    settleLatest(lane, [], [r('D1', 'am1', 10, 5)]);
    expect(lane.dirtyCount).toBe(2);
    expect(pendingLatestIn([lane], 'D1')).toEqual([
      { pinName: 'am1', value: 10, ts: at(5) },
      { pinName: 'am2', value: 2, ts: at(0) },
    ]);
    // A write that carried an older value of am1 (time 0) does not cover the waiting one (time 5).
    settleLatest(lane, [r('D1', 'am1', 1, 0)], []);
    expect(lane.dirtyCount).toBe(2);
    settleLatest(lane, [r('D1', 'am1', 10, 5)], []);
    expect(lane.dirtyCount).toBe(1);
    expect(pendingLatestIn([lane], 'D1')).toEqual([{ pinName: 'am2', value: 2, ts: at(0) }]);
  });

  it("a batch's own value of a waiting pin goes instead of the waiting one, unchanged values last", () => {
    const lane = createLane();
    settleLatest(lane, [], [r('D1', 'am1', 1, 0), r('D2', 'am1', 2, 0)]);
    const own = batch(r('D1', 'am1', 5, 3), r('D3', 'am1', 7, 3));
    // D3/am1 did not change (only its time moved): written after the deferred ones.
    const picked = pickLatest(lane, own, new Set(['D1/am1']), 10);
    expect(picked.now).toEqual([r('D1', 'am1', 5, 3), r('D2', 'am1', 2, 0), r('D3', 'am1', 7, 3)]);
    settleLatest(lane, picked.now, picked.later);
    expect(lane.dirtyCount).toBe(0);
    // Without deferred values (an alarm part), only the batch's own.
    settleLatest(lane, [], [r('D2', 'am1', 2, 0)]);
    expect(pickLatest(lane, own, new Set(['D1/am1']), 10, false).now).toEqual([
      r('D1', 'am1', 5, 3),
      r('D3', 'am1', 7, 3),
    ]);
  });
});
