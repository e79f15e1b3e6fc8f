/** User management endpoints (docs/api.md "Users"): signup, update, delete, user lists. */
import { userEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import { toAuthUser } from './user-view.ts';
import type { UsersService } from './users.service.ts';

// Who may manage whom depends on the target user: the service decides (company scope, user types).
const signedIn = rules.signedIn();

export function registerUsersRoutes(app: App, users: UsersService): void {
  route(app, e.signup, {
    rule: signedIn,
    handler: async (req) => toAuthUser(await users.signup(callerOf(req), req.body, { ip: req.ip })),
  });
  route(app, e.update, {
    rule: signedIn,
    handler: async (req) => toAuthUser(await users.update(callerOf(req), req.body, { ip: req.ip })),
  });
  route(app, e.delete, {
    rule: signedIn,
    handler: async (req) => {
      await users.delete(callerOf(req), req.body, { ip: req.ip });
      return { success: true as const };
    },
  });
  route(app, e.list, {
    rule: signedIn,
    handler: async (req) => {
      const page = await users.list(callerOf(req), req.query);
      return { total: page.total, items: page.items.map(toAuthUser) };
    },
  });
  route(app, e.appUserList, {
    rule: signedIn,
    handler: async (req) => {
      const page = await users.appList(callerOf(req), req.query);
      return { total: page.total, items: page.items.map(toAuthUser) };
    },
  });
}
