/** GET /user/pulse/list, GET /user/health/list: operators (the admin guard's user types). */
import { deviceMonitorEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { DeviceMonitorService } from './device-monitor.service.ts';

const operators = rules.signedIn({ userTypes: ['sudo', 'support'] });

export function registerDeviceMonitorRoutes(app: App, monitor: DeviceMonitorService): void {
  route(app, e.pulseList, { rule: operators, handler: (req) => monitor.pulse(callerOf(req), req.query) });
  route(app, e.healthList, { rule: operators, handler: (req) => monitor.health(callerOf(req), req.query) });
}
