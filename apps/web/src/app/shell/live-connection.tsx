import type { AuthUser } from '@towerwatch/contract';
import { isEmergencyEvent, shouldSoundEmergencyAlarm } from '@towerwatch/domain';
import { useEffect } from 'react';
import { raiseEmergencyAlarm } from '../../lib/emergency-alarm.ts';
import { liveClient } from '../../lib/live-client.ts';
import { readSiteEvent } from '../../lib/live-messages.ts';

/** Props of {@link LiveConnection}. */
export interface LiveConnectionProps {
  user: AuthUser;
}

/**
 * Keeps the tab's one live socket open while signed in, and turns emergency site events (high
 * vibration, security breach) into the alarm sound for the users the domain rule names, and the
 * pulsing menu dot for everyone (docs/requirements.md#emergency-alarm).
 */
export function LiveConnection({ user }: LiveConnectionProps) {
  useEffect(() => {
    liveClient.start();
    const unsubscribe = liveClient.subscribe((message) => {
      const event = readSiteEvent(message);
      if (!event || !isEmergencyEvent(event.name)) return;
      raiseEmergencyAlarm(event.name, event.siteUid, shouldSoundEmergencyAlarm(user, event.name));
    });
    return () => {
      unsubscribe();
    };
  }, [user]);

  useEffect(() => () => liveClient.stop(), []);
  return null;
}
