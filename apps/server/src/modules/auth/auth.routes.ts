/** Auth and profile endpoints (platform-core §7 "Auth and profile"). Handlers parse, call, shape. */
import {
  authUser,
  changePasswordBody,
  loginBody,
  loginReply,
  logoutBody,
  okReply,
  profileUpdateBody,
  refreshBody,
  sessionStatusReply,
  tokenPair,
  twoFactorBody,
  twoFactorReply,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { toAuthUser } from '../users/user-view.ts';

const tags = ['auth'];

export function registerAuthRoutes(app: App, c: Container): void {
  const auth = c.services.auth;

  app.post(
    '/user/auth/login',
    {
      config: { public: true },
      schema: { tags, summary: 'Sign in', security: [], body: loginBody, response: { 200: loginReply } },
    },
    async (request) => auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/user/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        security: [],
        body: refreshBody,
        response: { 200: tokenPair },
      },
    },
    async (request) => auth.refresh(request.body.refresh_token),
  );

  app.get(
    '/user/auth/user',
    { schema: { tags, summary: 'The signed-in user', response: { 200: authUser } } },
    async (request) => toAuthUser(callerOf(request).user),
  );

  app.post(
    '/user/auth/logout',
    { schema: { tags, summary: 'End the session', body: logoutBody, response: { 200: okReply } } },
    async (request) => {
      await auth.logout(callerOf(request), request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/user/auth/session-status',
    {
      schema: {
        tags,
        summary: 'Session and one-time-password window',
        response: { 200: sessionStatusReply },
      },
    },
    async (request) => auth.sessionStatus(callerOf(request)),
  );

  app.post(
    '/user/auth/two-factor',
    {
      schema: {
        tags,
        summary: 'Set up, verify or disable TOTP',
        body: twoFactorBody,
        response: { 200: twoFactorReply },
      },
    },
    async (request) => auth.twoFactor(callerOf(request), request.body),
  );

  app.post(
    '/user/profile/update',
    { schema: { tags, summary: 'Update own profile', body: profileUpdateBody, response: { 200: authUser } } },
    async (request) => toAuthUser(await auth.updateProfile(callerOf(request), request.body)),
  );

  app.post(
    '/user/profile/change-password',
    {
      schema: { tags, summary: 'Change own password', body: changePasswordBody, response: { 200: okReply } },
    },
    async (request) => {
      await auth.changePassword(callerOf(request), request.body);
      return { success: true as const };
    },
  );
}
