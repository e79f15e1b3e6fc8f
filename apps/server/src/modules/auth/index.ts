/** The auth module: sign-in, token refresh, sessions, two-factor and the caller's own profile. */
import type { AuthSessionsRepository } from '../../auth/sessions.repository.ts';
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import type { UsersModuleServices } from '../users/index.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { createLoginFailuresRepository } from './login-failures.repository.ts';

export type { AuthService } from './auth.service.ts';

export interface AuthModuleServices {
  readonly service: AuthService;
}

export function createAuthModule(
  kernel: Kernel,
  deps: { authSessions: AuthSessionsRepository; users: UsersModuleServices; audit: AuditModuleServices },
): ServerModule<AuthModuleServices> {
  const { config } = kernel;
  const service = createAuthService({
    pool: kernel.pool,
    users: deps.users.repository,
    authSessions: deps.authSessions,
    loginFailures: createLoginFailuresRepository(kernel.pool),
    clock: kernel.clock,
    bus: kernel.bus,
    tokenSecret: config.tokenSecret,
    loginMaxFailures: config.loginMaxFailures,
    loginWindowMinutes: config.loginWindowMinutes,
    audit: deps.audit.recorder,
  });
  return { services: { service }, registerRoutes: (app) => registerAuthRoutes(app, service) };
}
