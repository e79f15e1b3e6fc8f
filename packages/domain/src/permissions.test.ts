import { describe, expect, it } from 'vitest';
import {
  checkRestrictedAction,
  hearsEmergencyAlarm,
  isEventKindVisible,
  REDUCED_EVENT_KINDS,
  restrictedActionMessage,
  seesReducedEvents,
  shouldSoundEmergencyAlarm,
  visibleEventKinds,
} from './permissions.ts';
import type { DomainUser } from './users.ts';

const user = (over: Partial<DomainUser> = {}): DomainUser => ({ uid: 'u1', type: 'company', ...over });

describe('restricted actions (docs/requirements.md#restricted-actions)', () => {
  it('formats the refusal toast', () => {
    expect(restrictedActionMessage('unlock the door')).toBe(
      "Sorry! You don't have the necessary permission to unlock the door.",
    );
  });

  it('blocks read-only users and lets others through', () => {
    expect(checkRestrictedAction(user({ type: 'read_only', tenants: ['robi'] }), 'acknowledge')).toEqual({
      allowed: false,
      message: "Sorry! You don't have the necessary permission to acknowledge.",
    });
    expect(checkRestrictedAction(user({ type: 'read_only' }), 'x').allowed).toBe(false);
    expect(checkRestrictedAction(user({ type: 'employee' }), 'x')).toEqual({ allowed: true });
  });
});

describe('reduced events list (docs/requirements.md#reduced-events)', () => {
  it('is mains outage, DC low voltage and site down', () => {
    expect(REDUCED_EVENT_KINDS).toEqual(['mains_outage', 'dc_low_voltage', 'site_down']);
  });

  it('applies to tenant read-only and system read-only, not to others', () => {
    expect(seesReducedEvents(user({ type: 'read_only', tenants: ['robi'] }))).toBe(true);
    expect(seesReducedEvents(user({ type: 'read_only' }))).toBe(true);
    expect(seesReducedEvents(user({ type: 'read_only', tenants: ['robi', 'banglalink'] }))).toBe(false);
    expect(visibleEventKinds(user({ type: 'superuser' }))).toBeNull();
  });

  it('filters event kinds for read-only users only', () => {
    const noc = user({ type: 'read_only' });
    expect(isEventKindVisible(noc, 'site_down')).toBe(true);
    expect(isEventKindVisible(noc, 'door_open')).toBe(false);
    expect(isEventKindVisible(user(), 'door_open')).toBe(true);
  });
});

describe('emergency alarm audience (docs/requirements.md#emergency-alarm)', () => {
  it('monitoring users and read_only users with several tenants hear it', () => {
    expect(hearsEmergencyAlarm(user({ type: 'employee' }))).toBe(true);
    expect(hearsEmergencyAlarm(user({ type: 'read_only', tenants: ['robi', 'banglalink'] }))).toBe(true);
    expect(hearsEmergencyAlarm(user({ type: 'read_only', tenants: ['robi'] }))).toBe(false);
    expect(hearsEmergencyAlarm(user({ type: 'sudo' }))).toBe(false);
  });

  it('only high vibration and security breach sound', () => {
    expect(shouldSoundEmergencyAlarm(user(), 'security_breach')).toBe(true);
    expect(shouldSoundEmergencyAlarm(user(), 'high_vibration')).toBe(true);
    expect(shouldSoundEmergencyAlarm(user(), 'mild_vibration')).toBe(false);
    expect(shouldSoundEmergencyAlarm(user({ type: 'finance' }), 'security_breach')).toBe(false);
  });
});
