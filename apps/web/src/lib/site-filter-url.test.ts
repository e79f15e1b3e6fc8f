import { describe, expect, it } from 'vitest';
import { siteFilterFromSearch, siteFilterToSearch, siteListHref } from './site-filter-url.ts';

describe('site filter URL', () => {
  it('round-trips an offline-bucket filter', () => {
    const filter = {
      type: 'alarm' as const,
      id: 'device_online',
      expected: false,
      minDuration: 1440,
      maxDuration: 2880,
      tenant: 'robi',
    };
    const search = siteFilterToSearch(filter);
    expect(search).toBe(
      'type=alarm&id=device_online&expected=false&minDuration=1440&maxDuration=2880&tenant=robi',
    );
    expect(siteFilterFromSearch(search)).toEqual(filter);
  });

  it('carries the dc_load value and ignores malformed input', () => {
    expect(siteListHref({ type: 'property', id: 'dc_load', value: 'OVER' })).toBe(
      '/site/list?type=property&id=dc_load&value=OVER',
    );
    expect(siteListHref(null)).toBe('/site/list');
    expect(siteFilterFromSearch('type=bogus&id=x')).toBeNull();
    expect(siteFilterFromSearch('type=alarm&id=door_status&expected=maybe&minDuration=-3')).toEqual({
      type: 'alarm',
      id: 'door_status',
    });
  });
});
