/** GET /battery/analytics/availability. */
import {
  batteryAvailabilityQuery,
  batteryAvailabilityReply,
  SITE_API_PATHS as P,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { createSiteRepository } from '../site/site.repository.ts';
import { createBatteryAvailabilityRepository } from './battery-availability.repository.ts';
import { createBatteryAvailabilityService } from './battery-availability.service.ts';

export function registerBatteryAvailabilityRoutes(app: App, c: Container): void {
  const service = createBatteryAvailabilityService({
    sites: createSiteRepository(c.pool),
    battery: createBatteryAvailabilityRepository(c.pool),
    clock: c.clock,
  });
  app.get(
    P.batteryAvailability,
    {
      schema: {
        tags: ['battery'],
        querystring: batteryAvailabilityQuery,
        response: { 200: batteryAvailabilityReply },
      },
    },
    (req) => service.availability(callerOf(req), req.query),
  );
}
