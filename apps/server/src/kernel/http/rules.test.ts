import { authEndpoints, siteEndpoints } from '@towerwatch/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildCaller } from '../../auth/caller.ts';
import type { UserRecord } from '../../auth/user-record.ts';
import type { App } from '../types.ts';
import { route } from './route.ts';
import { guardsOf, rules } from './rules.ts';

function requestOf(over: Partial<UserRecord>): FastifyRequest {
  const user = {
    uid: '500',
    username: 'u',
    name: 'U',
    type: 'company',
    tenants: [],
    rootUserUid: null,
    companyId: 'ktbl',
    companyCode: 'ktbl',
    accessRoles: [],
    disabled: false,
    ...over,
  } as UserRecord;
  return { caller: buildCaller(user, 'sid', new Date(Date.now() + 3_600_000)) } as FastifyRequest;
}

/** The message of the first guard that refuses, or null when every guard lets the request through. */
async function refusal(
  rule: Parameters<typeof guardsOf>[0],
  request: FastifyRequest,
): Promise<string | null> {
  try {
    for (const guard of guardsOf(rule)) await guard.call(Fastify(), request, {} as never);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('permission rules', () => {
  const strict = rules.signedIn({ denyReadOnly: 'unlock the door', userTypes: ['company'], access: ['acs'] });

  it('check read-only first, then the user type, then the access roles', async () => {
    expect(await refusal(strict, requestOf({ type: 'read_only' }))).toBe(
      "Sorry! You don't have the necessary permission to unlock the door.",
    );
    expect(await refusal(strict, requestOf({ type: 'superuser' }))).toBe(
      'This action is not available to superuser users',
    );
    expect(await refusal(strict, requestOf({}))).toBe('This action needs the acs access');
    expect(await refusal(strict, requestOf({ accessRoles: ['acs'] }))).toBeNull();
  });

  it('need no guard for a public or plain signed-in rule', () => {
    expect(guardsOf(rules.public)).toEqual([]);
    expect(guardsOf(rules.signedIn())).toEqual([]);
  });

  it('keep public rules to the endpoints the contract marks public', () => {
    const app = Fastify() as unknown as App;
    expect(() =>
      route(app, siteEndpoints.unlock, { rule: rules.public, handler: async () => ({}) as never }),
    ).toThrow('rules.public');
    expect(() =>
      route(app, authEndpoints.login, { rule: rules.signedIn(), handler: async () => ({}) as never }),
    ).toThrow('rules.public');
  });
});
