/** Endpoint table of sign-in, sessions and the caller's own profile. */
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
} from '../auth.ts';
import { endpoint } from './define.ts';

const tags = ['auth'];

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/user/auth/login',
    summary: 'Sign in',
    tags,
    body: loginBody,
    reply: loginReply,
    public: true,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/user/auth/refresh',
    summary: 'Rotate the refresh token',
    tags,
    body: refreshBody,
    reply: tokenPair,
    public: true,
  }),
  currentUser: endpoint({
    method: 'GET',
    path: '/user/auth/user',
    summary: 'The signed-in user',
    tags,
    reply: authUser,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/user/auth/logout',
    summary: 'End the session',
    tags,
    body: logoutBody,
    reply: okReply,
  }),
  sessionStatus: endpoint({
    method: 'POST',
    path: '/user/auth/session-status',
    summary: 'Session and one-time-password window',
    tags,
    reply: sessionStatusReply,
  }),
  twoFactor: endpoint({
    method: 'POST',
    path: '/user/auth/two-factor',
    summary: 'Set up, verify or disable TOTP',
    tags,
    body: twoFactorBody,
    reply: twoFactorReply,
  }),
  profileUpdate: endpoint({
    method: 'POST',
    path: '/user/profile/update',
    summary: 'Update own profile',
    tags,
    body: profileUpdateBody,
    reply: authUser,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/user/profile/change-password',
    summary: 'Change own password',
    tags,
    body: changePasswordBody,
    reply: okReply,
  }),
} as const;
