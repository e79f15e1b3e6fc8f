import { createExternalStore } from './external-store.ts';

/**
 * Emergency alarm state (docs/requirements.md#emergency-alarm): `sounding` while the looping sound plays (until the
 * stop button), `dot` for the pulsing red dot on the menu button (cleared when the drawer opens or
 * closes), and the last emergency event for the banner.
 */
export interface EmergencyAlarmState {
  sounding: boolean;
  dot: boolean;
  last: { kind: string; siteUid: string | null; at: number } | null;
}

export const emergencyAlarmStore = createExternalStore<EmergencyAlarmState>({
  sounding: false,
  dot: false,
  last: null,
});

/** An emergency event arrived; `sound` says whether this user hears it (domain rule). */
export function raiseEmergencyAlarm(kind: string, siteUid: string | null, sound: boolean): void {
  emergencyAlarmStore.set((state) => ({
    sounding: state.sounding || sound,
    dot: true,
    last: { kind, siteUid, at: Date.now() },
  }));
}

/** The stop-alarm-sound button. */
export function stopEmergencySound(): void {
  emergencyAlarmStore.set((state) => ({ ...state, sounding: false }));
}

/** Drawer opened or closed: the dot is cleared. */
export function clearEmergencyDot(): void {
  emergencyAlarmStore.set((state) => (state.dot ? { ...state, dot: false } : state));
}
