import { LIVE_EVENTS, type LiveSiteEvent } from '@towerwatch/contract';
import type { LiveMessage } from './live-client.ts';

/** The site event carried by a SITE_EVENT message, or null for other messages. */
export function readSiteEvent(message: LiveMessage): LiveSiteEvent | null {
  return message.event === LIVE_EVENTS.SITE_EVENT ? message.payload : null;
}
