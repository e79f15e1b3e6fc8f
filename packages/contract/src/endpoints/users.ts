/** Endpoint table of user management (company-scoped). */
import { authUser, okReply } from '../auth.ts';
import { signupBody, userDeleteBody, userListQuery, userListReply, userUpdateBody } from '../users.ts';
import { endpoint } from './define.ts';

const tags = ['users'];

export const userEndpoints = {
  signup: endpoint({
    method: 'POST',
    path: '/user/auth/signup',
    summary: 'Create a user',
    tags,
    body: signupBody,
    reply: authUser,
  }),
  update: endpoint({
    method: 'POST',
    path: '/user/auth/update',
    summary: 'Update a user',
    tags,
    body: userUpdateBody,
    reply: authUser,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/user/auth/delete',
    summary: 'Delete a user',
    tags,
    body: userDeleteBody,
    reply: okReply,
  }),
  list: endpoint({
    method: 'GET',
    path: '/user/user/list',
    summary: 'Users (company-scoped)',
    tags,
    query: userListQuery,
    reply: userListReply,
  }),
  appUserList: endpoint({
    method: 'GET',
    path: '/user/app/user-list',
    summary: 'Access users (company-scoped)',
    tags,
    query: userListQuery,
    reply: userListReply,
  }),
} as const;
