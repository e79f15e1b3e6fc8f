import type { DeviceHealthItem } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { matchesHealthFilter, matchesSearch, rejectionSummary, statusLabel } from './monitor-model.ts';

const device = (over: Partial<DeviceHealthItem> = {}): DeviceHealthItem => ({
  comId: 'RMS100001',
  siteUid: 'KTBL-DHK-0001',
  siteName: 'Gulshan Tower',
  companyId: 'ktbl',
  online: true,
  lastSeen: '2026-01-01T00:00:00.000Z',
  messagesLastHour: 20,
  bucket: 'online',
  offlineTransitions24h: 0,
  flapping: false,
  firmware: '2.4.1',
  model: 'HSL RMS-4G',
  service: 'model=HSL RMS-4G; fw=2.4.1; err=none',
  serviceAt: null,
  rejected: {},
  rejectedTotal: 0,
  lastRejectedAt: null,
  ...over,
});

describe('device monitor model', () => {
  it('filters by status', () => {
    const off = device({ online: false, bucket: 'lt24h', flapping: true, rejectedTotal: 2 });
    expect(matchesHealthFilter(off, 'offline')).toBe(true);
    expect(matchesHealthFilter(off, 'online')).toBe(false);
    expect(matchesHealthFilter(off, 'flapping')).toBe(true);
    expect(matchesHealthFilter(device(), 'rejections')).toBe(false);
    expect(matchesHealthFilter(off, 'rejections')).toBe(true);
  });

  it('searches ids, site and service string', () => {
    expect(matchesSearch(device(), 'gulshan')).toBe(true);
    expect(matchesSearch(device(), 'rms-4g')).toBe(true);
    expect(matchesSearch(device(), 'vg-rms')).toBe(false);
    expect(matchesSearch(device(), '  ')).toBe(true);
  });

  it('summarises refusals, largest first, and labels the status', () => {
    expect(rejectionSummary({ rate_limited: 2, invalid_payload: 5, duplicate: 0 })).toBe(
      'invalid_payload 5 · rate_limited 2',
    );
    expect(statusLabel(device({ online: false, bucket: 'gte72h' }))).toBe('Offline >72 Hours');
    expect(statusLabel(device())).toBe('Online');
  });
});
