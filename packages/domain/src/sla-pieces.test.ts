import { describe, expect, it } from 'vitest';
import { combineSlaPieces, type DownPeriodFacts, slaPiece } from './sla-pieces.ts';

const period = (over: Partial<DownPeriodFacts>): DownPeriodFacts => ({
  ms: 60_000,
  gapMs: 0,
  lead: false,
  open: false,
  mainsFailed: false,
  mainsLead: false,
  dgFailed: false,
  onBattery: false,
  ...over,
});
const inside = { atStart: false, atEnd: false };

describe('SLA pieces', () => {
  it('counts the outages inside a piece by cause, outside gaps', () => {
    const p = slaPiece(
      5_000,
      [
        period({ mainsFailed: true, onBattery: true, ms: 120_000, gapMs: 20_000 }),
        period({ mainsFailed: true, dgFailed: true }),
        period({}),
      ],
      inside,
    );
    expect(p).toMatchObject({ gapMs: 5_000, downMs: 220_000, outages: 3, unsettled: false, downNow: false });
    expect(p.causes).toEqual({
      mains_failure: 0,
      dg_failure: 60_000,
      battery_exhausted: 100_000,
      other: 60_000,
    });
  });

  it('cannot settle an outage whose cause depends on time outside the piece', () => {
    expect(slaPiece(0, [period({ lead: true })], inside).unsettled).toBe(true);
    expect(slaPiece(0, [period({ mainsFailed: true, mainsLead: true })], inside).unsettled).toBe(true);
    expect(slaPiece(0, [period({ open: true })], inside).unsettled).toBe(true);
    // At the report's own start and end the raw computation cuts the same way.
    expect(
      slaPiece(0, [period({ lead: true, mainsLead: true })], { atStart: true, atEnd: false }),
    ).toMatchObject({
      unsettled: false,
      outages: 1,
    });
    expect(slaPiece(0, [period({ open: true })], { atStart: false, atEnd: true })).toMatchObject({
      unsettled: false,
      downNow: true,
    });
  });

  it('adds pieces up; the last one says whether the site is down now', () => {
    const a = slaPiece(1_000, [period({})], inside);
    const b = slaPiece(2_000, [period({ open: true })], { atStart: false, atEnd: true });
    const c = slaPiece(0, [period({ lead: true })], inside);
    expect(combineSlaPieces([a, b])).toMatchObject({
      gapMs: 3_000,
      downMs: 120_000,
      outages: 2,
      downNow: true,
    });
    expect(combineSlaPieces([a, c]).unsettled).toBe(true);
  });
});
