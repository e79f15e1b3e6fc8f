import { describe, expect, it } from 'vitest';
import { attachGroupsError, detachGroupsError } from './access-groups.ts';

const full = { cardGroupId: 1, cardGroupType: 'card', siteGroupId: 2, siteGroupType: 'site' };

describe('group attach and detach (feature-areas §5)', () => {
  it('needs a site or site-group target first', () => {
    expect(attachGroupsError({ ...full, siteGroupId: null })).toBe(
      'Please drop the item on a Site or Site Group',
    );
  });

  it('then a card or card group', () => {
    expect(attachGroupsError({ ...full, cardGroupType: '' })).toBe(
      'Please drop the item on a Card or Card Group',
    );
    expect(attachGroupsError(full)).toBeNull();
  });

  it("detach says 'something wrong'", () => {
    expect(detachGroupsError({})).toBe('something wrong');
    expect(detachGroupsError(full)).toBeNull();
  });
});
