import { describe, expect, it } from 'vitest';
import { TENANTS } from './tenants.ts';

describe('tenants (platform-core §1)', () => {
  it('lists the four mobile operators', () => {
    expect(TENANTS).toEqual(['banglalink', 'robi', 'grameenphone', 'teletalk']);
  });
});
