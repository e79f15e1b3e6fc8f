import { describe, expect, it } from 'vitest';
import { classifyDcLoad, countDcLoad, DC_LOAD_LABELS, DC_LOAD_STATES } from './dc-load.ts';

describe('DC load states (docs/requirements.md#dc-load)', () => {
  it('are DOWN, NORMAL and OVER', () => {
    expect(DC_LOAD_STATES).toEqual(['DOWN', 'NORMAL', 'OVER']);
    expect(DC_LOAD_LABELS.DOWN).toBe('No Load');
  });

  it('classifies current with the default limits (decision: <1 A down, >60 A over)', () => {
    expect(classifyDcLoad(0.99)).toBe('DOWN');
    expect(classifyDcLoad(1)).toBe('NORMAL');
    expect(classifyDcLoad(60)).toBe('NORMAL');
    expect(classifyDcLoad(60.1)).toBe('OVER');
    expect(classifyDcLoad(80)).toBe('OVER');
    expect(classifyDcLoad(Number.NaN)).toBe('DOWN');
    expect(classifyDcLoad(30, { noLoadBelowAmps: 5, overLoadAboveAmps: 25 })).toBe('OVER');
  });
});

describe('loadCount per tenant plus total (docs/requirements.md#dashboard-counts)', () => {
  it('counts allowed tenants, maps tenant-less entries to the fallback, skips others', () => {
    const count = countDcLoad(
      [
        { value: 'DOWN', tenant: 'robi' },
        { value: 'OVER', tenant: 'robi' },
        { value: 'NORMAL', tenant: null },
        { value: 'NORMAL', tenant: 'teletalk' },
      ],
      ['banglalink', 'robi'],
      'banglalink',
    );
    expect(count.byTenant.robi).toEqual({ DOWN: 1, NORMAL: 0, OVER: 1 });
    expect(count.byTenant.banglalink).toEqual({ DOWN: 0, NORMAL: 1, OVER: 0 });
    expect(count.byTenant.teletalk).toBeUndefined();
    expect(count.total).toEqual({ DOWN: 1, NORMAL: 1, OVER: 1 });
  });

  it('gives zero rows for an empty entry list', () => {
    expect(countDcLoad([], ['robi'], 'banglalink')).toEqual({
      total: { DOWN: 0, NORMAL: 0, OVER: 0 },
      byTenant: { robi: { DOWN: 0, NORMAL: 0, OVER: 0 } },
    });
  });
});
