/** The alarm console module: the fleet's active alarms and recent raises, bulk acknowledge, export. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import { createAlarmConsoleRepository } from './alarm-console.repository.ts';
import { registerAlarmConsoleRoutes } from './alarm-console.routes.ts';
import { createAlarmConsoleService } from './alarm-console.service.ts';

export function createAlarmConsoleModule(
  kernel: Kernel,
  deps: { audit: AuditModuleServices },
): ServerModule<Record<string, never>> {
  const service = createAlarmConsoleService({
    repo: createAlarmConsoleRepository(kernel.pool),
    clock: kernel.clock,
    audit: deps.audit.recorder,
    bus: kernel.bus,
  });
  return {
    services: {},
    registerRoutes: (app) => registerAlarmConsoleRoutes(app, service, kernel.clock),
  };
}
