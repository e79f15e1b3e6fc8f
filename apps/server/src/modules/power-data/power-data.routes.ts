/**
 * Power data routes (docs/requirements.md#power-data): every call needs the `rms` access role
 * (docs/requirements.md#power-permissions); scope and tenants are decided by the services.
 */
import { batteryEndpoints as b, powerEndpoints as p } from '@towerwatch/contract';
import {
  BATTERY_EVENT_NAMES,
  GENERATOR_EVENT_NAMES,
  MAINS_EVENT_NAMES,
  TEMPERATURE_EVENT_NAMES,
} from '@towerwatch/domain';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { PowerChartsService } from './power-charts.service.ts';
import type { PowerFleetService } from './power-fleet.service.ts';
import type { PowerPeriodsService } from './power-periods.service.ts';

export interface PowerDataServices {
  charts: PowerChartsService;
  periods: PowerPeriodsService;
  fleet: PowerFleetService;
}

export function registerPowerDataRoutes(app: App, s: PowerDataServices): void {
  const rule = rules.signedIn({ access: ['rms'] });
  route(app, b.voltageProfile, { rule, handler: (req) => s.charts.voltageProfile(callerOf(req), req.query) });
  route(app, b.healthHistory, { rule, handler: (req) => s.charts.healthHistory(callerOf(req), req.query) });
  route(app, b.events, {
    rule,
    handler: (req) =>
      s.fleet.siteEventPage(
        callerOf(req),
        { siteUid: req.query.site_uid, before: req.query.oldest_id, tenant: req.query.tenant },
        BATTERY_EVENT_NAMES,
      ),
  });
  route(app, b.energyConsumption, {
    rule,
    handler: (req) => s.charts.energyConsumption(callerOf(req), req.query),
  });
  route(app, b.powerTrend, { rule, handler: (req) => s.charts.powerTrend(callerOf(req), req.query) });
  route(app, b.lastAvgHistory, { rule, handler: (req) => s.fleet.lastAvgHistory(callerOf(req), req.query) });
  route(app, b.energyLast, { rule, handler: (req) => s.fleet.energyLast(callerOf(req), req.query) });
  route(app, b.voltageLast, { rule, handler: (req) => s.fleet.voltageLast(callerOf(req), req.query) });
  route(app, b.avgLoad, { rule, handler: (req) => s.fleet.avgLoad(callerOf(req), req.query) });
  route(app, b.backupEstimate, {
    rule,
    handler: (req) => s.periods.backupEstimate(callerOf(req), req.query),
  });
  route(app, p.climate, { rule, handler: (req) => s.fleet.climate(callerOf(req), req.query) });
  route(app, p.temperatureEvents, {
    rule,
    handler: (req) =>
      s.fleet.siteEventPage(
        callerOf(req),
        { siteUid: req.query.siteUid, before: req.query.oldestId, tenant: req.query.tenant },
        TEMPERATURE_EVENT_NAMES,
      ),
  });
  route(app, p.runHours, { rule, handler: (req) => s.periods.runHours(callerOf(req), req.query) });
  route(app, p.generatorEvents, {
    rule,
    handler: (req) =>
      s.fleet.siteEventPage(
        callerOf(req),
        { siteUid: req.query.siteUid, before: req.query.oldestId, tenant: req.query.tenant },
        req.query.event ? [req.query.event] : GENERATOR_EVENT_NAMES,
      ),
  });
  route(app, p.mainsAvailability, {
    rule,
    handler: (req) => s.periods.mainsAvailability(callerOf(req), req.query),
  });
  route(app, p.mainsEvents, {
    rule,
    handler: (req) =>
      s.fleet.siteEventPage(
        callerOf(req),
        { siteUid: req.query.site_uid, before: req.query.oldest_id, tenant: req.query.tenant },
        MAINS_EVENT_NAMES,
      ),
  });
  route(app, p.series, { rule, handler: (req) => s.charts.series(callerOf(req), req.query) });
  route(app, p.fuelFleet, { rule, handler: (req) => s.fleet.fuelFleet(callerOf(req), req.query) });
  route(app, p.fuelEvents, { rule, handler: (req) => s.fleet.fuelEvents(callerOf(req), req.query) });
}
