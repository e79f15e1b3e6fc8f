import { describe, expect, it } from 'vitest';
import { emptySiteCounts } from './dashboard-counts.ts';
import { RMS_SERVICES } from './pins.ts';

describe('dashboard counts (docs/requirements.md#dashboard-counts)', () => {
  it('site counts and RMS services', () => {
    expect(emptySiteCounts()).toEqual({
      total: 0,
      rms: 0,
      rectifier: 0,
      acs: 0,
      sarbs: 0,
      vertiv: 0,
      eltek: 0,
    });
    expect(RMS_SERVICES).toHaveLength(14);
  });
});
