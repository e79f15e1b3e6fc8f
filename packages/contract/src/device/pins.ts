/**
 * Pins: the inputs of an RMS controller and the configuration that gives each one a meaning
 * (docs/requirements.md#pin-config pin config, docs/requirements.md#pin-tenant-required required tenants and analog services, docs/requirements.md#pin-service-options pin service options).
 * The physical pin layout used by the demo fleet is documented in docs/device-protocol.md.
 */
import {
  ALL_TENANTS,
  PIN_PRIORITIES,
  PIN_SERVICES,
  type PinService,
  pinServiceRequiresTenant,
  RMS_SERVICES,
  type RmsService,
  TENANT_REQUIRED_PIN_SERVICES,
} from '@towerwatch/domain';
import { z } from 'zod';

/**
 * Pin types are the domain's pin services (docs/requirements.md#pin-service-options, spelled as in docs/requirements.md#pin-tenant-required);
 * the rules about them (required tenant, analog inputs, RMS services) live once, in the domain package.
 * Door and lock are both `access_control`, told apart by the pin config's `priority`.
 */
export const PIN_TYPES = PIN_SERVICES;
/** One pin type. */
export type PinType = PinService;
export const pinType = z.enum(PIN_TYPES);

/** Pin types whose config must name a tenant (docs/requirements.md#pin-tenant-required). */
export const TENANT_REQUIRED_PIN_TYPES = TENANT_REQUIRED_PIN_SERVICES;

/** True when a config of this pin type needs a tenant (docs/requirements.md#pin-tenant-required). */
export const pinTypeRequiresTenant: (type: PinType) => boolean = pinServiceRequiresTenant;

/**
 * The RMS service a pin type belongs to, or null for the alarm-contact types that the RMS
 * service list (docs/requirements.md#rms-services) does not name (mains_fail, rectifier_fail, site_down, dc_load_fail, ...).
 */
export function pinService(type: PinType): RmsService | null {
  switch (type) {
    case 'main_phase_a':
    case 'main_phase_b':
    case 'main_phase_c':
      return 'main_phase';
    case 'battery_current_critical':
    case 'battery_current_non_critical':
      return 'battery_current';
    case 'battery_terminal':
    case 'dc_low_voltage':
      return 'battery_terminal';
    case 'vibration_sensor':
    case 'motion_sensor':
      return 'access_control';
    case 'dg_status':
    case 'pg_status':
    case 'dg_fuel':
    case 'temperature':
    case 'humidity':
    case 'access_control':
    case 'dc_fan_fault':
    case 'smoke_detector':
    case 'water_detector':
      return type;
    default:
      return null;
  }
}

/**
 * Pin names: analog inputs `am1`…`am16`, digital inputs `di1`…`di16`, digital outputs `do1`…`do8`.
 * Vendors with other naming may use any 1–16 character name of lower-case letters, digits and `_`.
 */
export const PIN_NAME_PATTERN = /^[a-z][a-z0-9_]{0,15}$/;
export const pinName = z.string().regex(PIN_NAME_PATTERN, 'pin must be 1–16 chars: a-z, 0-9, _');

/**
 * A pin config as stored by the server and produced by the demo fleet (docs/requirements.md#pin-config).
 * Unique by (com_id, pin_name, tenant): a shared physical input (mains phases, DC bus voltage,
 * DG/PG run status) has one config per site tenant, so one reading updates every tenant's view.
 */
export const pinConfig = z
  .object({
    com_id: z.string().min(1).max(32),
    pin_name: pinName,
    type: pinType,
    /** Derived from `type` by {@link pinService}; kept for the UI's service column. */
    service: z.enum(RMS_SERVICES).nullable(),
    priority: z.enum(PIN_PRIORITIES).nullable(),
    tenant: z.enum(ALL_TENANTS).nullable(),
    label: z.string().min(1).max(100),
  })
  .superRefine((value, ctx) => {
    if (pinTypeRequiresTenant(value.type) && value.tenant === null) {
      ctx.addIssue({ code: 'custom', path: ['tenant'], message: `tenant is required for ${value.type}` });
    }
    if (value.type === 'access_control' && value.priority !== 'door' && value.priority !== 'lock') {
      ctx.addIssue({
        code: 'custom',
        path: ['priority'],
        message: 'access_control needs priority door or lock',
      });
    }
  });
export type PinConfig = z.infer<typeof pinConfig>;

/**
 * Meaning of digital values (docs/device-protocol.md "Pin values"): access pins read 1 = closed /
 * locked and 0 = open / unlocked (they start at 1, docs/requirements.md#pin-status); DG/PG status 1 = running;
 * every alarm contact (smoke, water, fan fault, rectifier fail, ...) 1 = alarm active, 0 = normal.
 */
export const DIGITAL_CLOSED = 1;
export const DIGITAL_OPEN = 0;
