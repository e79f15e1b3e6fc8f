/**
 * The users module: user management (signup, update, delete, lists). Other modules use its
 * repository (the auth module signs users in) and `toAuthUser` (the API shape of a user).
 */
import type { AuthSessionsRepository } from '../../auth/sessions.repository.ts';
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import { createUsersRepository, type UsersRepository } from './users.repository.ts';
import { registerUsersRoutes } from './users.routes.ts';
import { createUsersService, type UsersService } from './users.service.ts';

export { toAuthUser } from './user-view.ts';
export type { UsersRepository } from './users.repository.ts';
export type { UsersService } from './users.service.ts';

export interface UsersModuleServices {
  readonly service: UsersService;
  /** Users by uid or username (sign-in, the auth plugin, seeding checks). */
  readonly repository: UsersRepository;
}

export function createUsersModule(
  kernel: Kernel,
  shared: { authSessions: AuthSessionsRepository; audit: AuditModuleServices },
): ServerModule<UsersModuleServices> {
  const repository = createUsersRepository(kernel.pool);
  const service = createUsersService({
    users: repository,
    authSessions: shared.authSessions,
    clock: kernel.clock,
    audit: shared.audit.recorder,
    bus: kernel.bus,
  });
  return {
    services: { service, repository },
    registerRoutes: (app) => registerUsersRoutes(app, service),
  };
}
