/**
 * Who may receive a live message (docs/requirements.md#live-visibility, docs/requirements.md#tenant-rule tenant filtering, docs/requirements.md#allowed-tenants
 * roles): the site must be among the user's sites, the tenant allowed (a tenant-less power event
 * counts as the first operator tenant), read-only users get only the reduced event kinds, and pin
 * updates go only to sockets whose session is on the site.
 */
import { LIVE_EVENTS, type LiveServerMessage } from '@towerwatch/contract';
import { hasAccessRole, isEventKindVisible, isLiveSiteEventVisible } from '@towerwatch/domain';
import { type Caller, toDomainUser } from '../auth/caller.ts';
import type { LiveEnvelope } from '../bus/bus.ts';
import { isAlarmTenantVisible, isEventTenantVisible } from '../kernel/scope/sql-scope.ts';

/** The power alarm an OEM rectifier/BMS record counts as (docs/requirements.md#tenant-rule). */
const OEM_RECORD_ALARM_ID = 'rectifier_fail';

/** What the hub knows about one authenticated socket. */
export interface SocketView {
  caller: Caller;
  /** Sites the user may see (loaded at LOGIN, refreshed on config changes). */
  siteUids: ReadonlySet<string>;
  /** Site of the current session (SESSION_START), or null. */
  sessionSiteUid: string | null;
}

/** True when the socket may receive the envelope's message. */
export function canReceive(view: SocketView, envelope: LiveEnvelope): boolean {
  const { audience, message } = envelope;
  if (audience.userUid !== undefined && audience.userUid !== view.caller.uid) return false;
  if (audience.siteUid === null) {
    // Not tied to a site: company-wide (operators see every company).
    return (
      audience.companyId === null || view.caller.isOperator || audience.companyId === view.caller.companyId
    );
  }
  if (!view.siteUids.has(audience.siteUid)) return false;
  if (audience.focus && view.sessionSiteUid !== audience.siteUid) return false;
  if (message.event === LIVE_EVENTS.RECTIFIER_EVENT) {
    // An OEM rectifier/BMS record carries no tenant: REST's rule for a tenant-less power alarm.
    return isAlarmTenantVisible(view.caller, audience.tenant ?? '', OEM_RECORD_ALARM_ID);
  }
  if (message.event === LIVE_EVENTS.RMS_ACCESS_RECORD || message.event === LIVE_EVENTS.ACCESS_SYNC_STATUS) {
    // Access records and sync states are for users with the acs access role (docs/requirements.md#access-control).
    return hasAccessRole(toDomainUser(view.caller.user), 'acs');
  }
  if (message.event === LIVE_EVENTS.SITE_EVENT) {
    const e = message.payload;
    return isLiveSiteEventVisible(toDomainUser(view.caller.user), e, view.siteUids);
  }
  const kind = audience.kind ?? '';
  if (kind !== '' && !isEventKindVisible(toDomainUser(view.caller.user), kind)) return false;
  return isEventTenantVisible(view.caller, audience.tenant ?? '', kind);
}

/**
 * The message as this socket may see it: SITE_STATUS_UPDATED carries every tenant's alarms and DC
 * load, so they are narrowed to the user's allowed tenants (docs/requirements.md#tenant-rule). Other messages are
 * returned unchanged (the same object, so one JSON serialisation serves every socket).
 */
export function tailorMessage(view: SocketView, message: LiveServerMessage): LiveServerMessage {
  if (message.event !== LIVE_EVENTS.SITE_STATUS_UPDATED) return message;
  const p = message.payload;
  const alarms = p.alarms.filter((a) => isAlarmTenantVisible(view.caller, a.tenant ?? '', a.id));
  const dcLoad = p.dcLoad.filter((d) => view.caller.allowedTenants.includes(d.tenant));
  if (alarms.length === p.alarms.length && dcLoad.length === p.dcLoad.length) return message;
  return { event: message.event, payload: { ...p, alarms, dcLoad } };
}
