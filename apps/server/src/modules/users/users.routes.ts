/** User management endpoints (platform-core §7): signup, update, delete, user lists. */
import {
  authUser,
  okReply,
  signupBody,
  userDeleteBody,
  userListQuery,
  userListReply,
  userUpdateBody,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { toAuthUser } from './user-view.ts';

const tags = ['users'];

export function registerUsersRoutes(app: App, c: Container): void {
  const users = c.services.users;

  app.post(
    '/user/auth/signup',
    { schema: { tags, summary: 'Create a user', body: signupBody, response: { 200: authUser } } },
    async (request) => toAuthUser(await users.signup(callerOf(request), request.body)),
  );

  app.post(
    '/user/auth/update',
    { schema: { tags, summary: 'Update a user', body: userUpdateBody, response: { 200: authUser } } },
    async (request) => toAuthUser(await users.update(callerOf(request), request.body)),
  );

  app.post(
    '/user/auth/delete',
    { schema: { tags, summary: 'Delete a user', body: userDeleteBody, response: { 200: okReply } } },
    async (request) => {
      await users.delete(callerOf(request), request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/user/user/list',
    {
      schema: {
        tags,
        summary: 'Users (company-scoped)',
        querystring: userListQuery,
        response: { 200: userListReply },
      },
    },
    async (request) => {
      const page = await users.list(callerOf(request), request.query);
      return { total: page.total, items: page.items.map(toAuthUser) };
    },
  );

  app.get(
    '/user/app/user-list',
    {
      schema: {
        tags,
        summary: 'Access users (company-scoped)',
        querystring: userListQuery,
        response: { 200: userListReply },
      },
    },
    async (request) => {
      const page = await users.appList(callerOf(request), request.query);
      return { total: page.total, items: page.items.map(toAuthUser) };
    },
  );
}
