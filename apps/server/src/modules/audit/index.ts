/**
 * The audit module: the append-only log of security-relevant actions. Other modules get its
 * `recorder` through the composition and call `record(entry)`; they never import its internals.
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import { createAuditRepository } from './audit.repository.ts';
import { registerAuditRoutes } from './audit.routes.ts';
import { type AuditRecorder, createAuditService } from './audit.service.ts';

export type { AuditRecorder } from './audit.service.ts';
export { auditActor } from './audit.service.ts';

export interface AuditModuleServices {
  /** Appends entries (sign-in, user and settings changes, device commands ...). */
  readonly recorder: AuditRecorder;
}

export function createAuditModule(kernel: Kernel): ServerModule<AuditModuleServices> {
  const service = createAuditService({ repo: createAuditRepository(kernel.pool), clock: kernel.clock });
  return {
    services: { recorder: { record: service.record } },
    registerRoutes: (app) => registerAuditRoutes(app, service),
  };
}
