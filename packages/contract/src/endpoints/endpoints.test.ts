import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, API_PATH_PREFIXES, endpointPath, isFileReply, siteReportEndpoints } from './index.ts';

describe('endpoint tables', () => {
  it('declare each method and path once', () => {
    const keys = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declare GET endpoints without a body and give every endpoint a summary and a tag', () => {
    for (const e of ALL_ENDPOINTS) {
      if (e.method === 'GET') expect(e.body, e.path).toBeUndefined();
      expect(e.summary.length, e.path).toBeGreaterThan(0);
      expect(e.tags.length, e.path).toBeGreaterThan(0);
      expect(e.path, e.path).toMatch(/^\/[a-z]/);
    }
  });

  it('name the API prefixes of every path', () => {
    expect(API_PATH_PREFIXES).toEqual(expect.arrayContaining(['/user/', '/site/', '/oem/', '/battery/']));
    for (const e of ALL_ENDPOINTS) expect(API_PATH_PREFIXES.some((p) => e.path.startsWith(p))).toBe(true);
  });

  it('tell a file reply from a JSON reply', () => {
    expect(isFileReply(siteReportEndpoints.excelExport.reply)).toBe(true);
    expect(isFileReply(siteReportEndpoints.siteHealths.reply)).toBe(false);
  });

  it('fill path parameters, encoded, and refuse a missing one', () => {
    expect(endpointPath('/urms/admin/delete-vendor/:id', { id: 'a b' })).toBe(
      '/urms/admin/delete-vendor/a%20b',
    );
    expect(endpointPath('/user/site/events')).toBe('/user/site/events');
    expect(() => endpointPath('/x/:id')).toThrow('missing path parameter id');
  });
});
