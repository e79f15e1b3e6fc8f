/** The billing module: payments (list, record, status changes) and monthly invoices per company. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import { registerBillingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';

export function createBillingModule(kernel: Kernel): ServerModule {
  const service = createBillingService({ pool: kernel.pool, clock: kernel.clock });
  return { services: {}, registerRoutes: (app) => registerBillingRoutes(app, service) };
}
