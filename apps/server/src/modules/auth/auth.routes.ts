/** Auth and profile endpoints (docs/api.md "Auth and profile"). Handlers parse, call, shape. */
import { authEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import { toAuthUser } from '../users/index.ts';
import type { AuthService } from './auth.service.ts';

const signedIn = rules.signedIn();

export function registerAuthRoutes(app: App, auth: AuthService): void {
  route(app, e.login, {
    rule: rules.public,
    handler: (req) => auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  });
  route(app, e.refresh, { rule: rules.public, handler: (req) => auth.refresh(req.body.refresh_token) });
  route(app, e.currentUser, { rule: signedIn, handler: async (req) => toAuthUser(callerOf(req).user) });
  route(app, e.logout, {
    rule: signedIn,
    handler: async (req) => {
      await auth.logout(callerOf(req), req.body);
      return { success: true as const };
    },
  });
  route(app, e.sessionStatus, { rule: signedIn, handler: (req) => auth.sessionStatus(callerOf(req)) });
  route(app, e.twoFactor, {
    rule: signedIn,
    handler: (req) => auth.twoFactor(callerOf(req), req.body, { ip: req.ip }),
  });
  route(app, e.profileUpdate, {
    rule: signedIn,
    handler: async (req) => toAuthUser(await auth.updateProfile(callerOf(req), req.body)),
  });
  route(app, e.changePassword, {
    rule: signedIn,
    handler: async (req) => {
      await auth.changePassword(callerOf(req), req.body, { ip: req.ip });
      return { success: true as const };
    },
  });
}
