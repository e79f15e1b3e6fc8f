/** GET /battery/analytics/availability. */
import { siteReportEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { BatteryAvailabilityService } from './battery-availability.service.ts';

export function registerBatteryAvailabilityRoutes(app: App, service: BatteryAvailabilityService): void {
  route(app, e.batteryAvailability, {
    rule: rules.signedIn(),
    handler: (req) => service.availability(callerOf(req), req.query),
  });
}
