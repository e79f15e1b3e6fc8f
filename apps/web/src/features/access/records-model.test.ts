import type { AccessRecord } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { recordOutcome, recordSubject } from './records-model.ts';

const record = (id: number, extra: Partial<AccessRecord> = {}): AccessRecord => ({
  id,
  siteUid: 'S1',
  comId: 'C1',
  kind: 'card',
  cardNumber: `CARD${id}`,
  granted: true,
  reason: null,
  door: null,
  cardId: null,
  holderName: null,
  unlockedBy: null,
  unlockedByName: null,
  time: '2026-05-01T00:00:00Z',
  ...extra,
});

describe('access records', () => {
  it('says granted, unlocked or denied with the reason', () => {
    expect(recordOutcome({ granted: true, reason: null, kind: 'card' }).label).toBe('Granted');
    expect(recordOutcome({ granted: true, reason: null, kind: 'remote_unlock' }).label).toBe('Unlocked');
    expect(recordOutcome({ granted: false, reason: 'unknown_card', kind: 'card' })).toEqual({
      label: 'Denied',
      color: 'red',
      reason: 'Unknown card',
    });
    expect(recordOutcome({ granted: false, reason: 'tamper_alarm', kind: 'card' }).reason).toBe(
      'tamper alarm',
    );
  });

  it('names the operator of a remote unlock, else the card and holder', () => {
    expect(recordSubject(record(1, { kind: 'remote_unlock', unlockedByName: 'Ktbl Admin' }))).toBe(
      'Remote unlock by Ktbl Admin',
    );
    expect(recordSubject(record(2, { holderName: 'Rahim' }))).toBe('CARD2 · Rahim');
    expect(recordSubject(record(3))).toBe('CARD3');
  });
});
