import { describe, expect, it } from 'vitest';
import {
  classifyFuelChange,
  dgBurnLitresPerHour,
  estimateBackup,
  FUEL_DETECTION,
  smoothedFuelLevel,
  stateOfCharge,
} from './power-estimates.ts';

describe('estimateBackup', () => {
  const base = { capacityAh: 200, volts: 51, dischargeAmps: 50, emptyVolts: 44, outages: [] };
  it('nominal: full bank of 200 Ah at 50 A lasts 240 minutes, band ±40 %, low confidence', () => {
    const e = estimateBackup(base);
    expect(e).toMatchObject({ minutes: 240, low: 144, high: 336, confidence: 'low', method: 'nominal' });
  });
  it('learns an aged bank from past outages (delivered half of what the model predicts)', () => {
    const outage = { startVolts: 51, endVolts: 47.5, ampHours: 50 }; // model: 100 Ah
    const e = estimateBackup({ ...base, outages: [outage, outage, outage] });
    expect(e.method).toBe('learned');
    expect(e.capacityFactor).toBe(0.5);
    expect(e.minutes).toBe(120);
    expect(e.confidence).toBe('high');
    expect(e.low).toBe(108);
    expect(e.high).toBe(132);
  });
  it('has no minutes when not discharging or without capacity', () => {
    expect(estimateBackup({ ...base, dischargeAmps: 0.2 }).minutes).toBeNull();
    expect(estimateBackup({ ...base, capacityAh: null }).minutes).toBeNull();
  });
  it('reads the state of charge linearly between empty and 51 V', () => {
    expect(stateOfCharge(47.5, 44)).toBeCloseTo(0.5);
    expect(stateOfCharge(53.5, 44)).toBe(1);
  });
});

describe('fuel theft and refill', () => {
  const tank = 200;
  it('a median filter ignores a single noisy reading', () => {
    expect(smoothedFuelLevel([60, 60.5, 48, 59.8, 60.2])).toBe(60);
    expect(smoothedFuelLevel([60, 61])).toBeNull();
    // an even count takes a reading, not the mean of two (a step moves it in one jump)
    expect(smoothedFuelLevel([60, 60, 60, 40, 40, 40])).toBe(60);
    expect(smoothedFuelLevel([60, 60, 40, 40, 40, 40])).toBe(40);
  });
  it('a drop with the DG off is theft, with the litres', () => {
    const c = classifyFuelChange({
      referencePct: 70,
      levelPct: 58,
      dgRunHours: 0,
      loadKw: 0,
      tankLitres: tank,
    });
    expect(c).toEqual({ kind: 'theft', litres: 24, dropPct: 12 });
  });
  it('noise below the threshold is nothing', () => {
    const c = classifyFuelChange({
      referencePct: 70,
      levelPct: 70 - FUEL_DETECTION.theftDropPct + 0.5,
      dgRunHours: 0,
      loadKw: 0,
      tankLitres: tank,
    });
    expect(c).toBeNull();
  });
  it("the DG's burn at its load explains a drop while it runs", () => {
    // 3 h at 3 kW: 1.8 L/h → 5.4 L = 2.7 % of the tank
    expect(dgBurnLitresPerHour(3)).toBeCloseTo(1.8);
    expect(
      classifyFuelChange({ referencePct: 70, levelPct: 67, dgRunHours: 3, loadKw: 3, tankLitres: tank }),
    ).toBeNull();
    const fast = classifyFuelChange({
      referencePct: 70,
      levelPct: 55,
      dgRunHours: 3,
      loadKw: 3,
      tankLitres: tank,
    });
    expect(fast?.kind).toBe('theft');
  });
  it('a rise of 8 % or more is a refill with the litres', () => {
    expect(
      classifyFuelChange({ referencePct: 20, levelPct: 95, dgRunHours: 0, loadKw: 0, tankLitres: tank }),
    ).toEqual({
      kind: 'refill',
      litres: 150,
      risePct: 75,
    });
  });
});
