/** Auth and profile endpoints (platform-core §7 "Auth and profile"). Handlers parse, call, shape. */
import { authUser } from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../auth/guards.ts';
import type { Container } from '../../composition.ts';
import { toAuthUser } from '../users/user-view.ts';

export function registerAuthRoutes(app: App, _c: Container): void {
  app.get(
    '/user/auth/user',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: authUser } } },
    async (request) => toAuthUser(callerOf(request).user),
  );
}
