/** The device monitoring module: pulse and health of every controller (operators). */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import { createDeviceMonitorRepository } from './device-monitor.repository.ts';
import { registerDeviceMonitorRoutes } from './device-monitor.routes.ts';
import { createDeviceMonitorService } from './device-monitor.service.ts';

export function createDeviceMonitorModule(kernel: Kernel): ServerModule {
  const service = createDeviceMonitorService({
    monitor: createDeviceMonitorRepository(kernel.pool),
    clock: kernel.clock,
  });
  return { services: {}, registerRoutes: (app) => registerDeviceMonitorRoutes(app, service) };
}
