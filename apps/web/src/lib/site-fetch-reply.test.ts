import { describe, expect, it } from 'vitest';
import { buildSite } from '../testing/site-factories.ts';
import { fullSiteList } from './site-fetch-reply.ts';

describe('fullSiteList', () => {
  it('keeps every item of a full reply and its paging fields', () => {
    const items = [buildSite({ uid: 'a' }), buildSite({ uid: 'b' })];
    const reply = { items, total: 2, page: 1, limit: 1000 };
    expect(fullSiteList(reply)).toEqual(reply);
  });
});
