import { type CommandReply, siteEndpoints } from '@towerwatch/contract';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';

/** The device commands of the Access page. */
export type AccessCommandKind = 'unlock' | 'clear_security_breach' | 'clear_lock_open_fail';

const ENDPOINTS = {
  unlock: siteEndpoints.unlock,
  clear_security_breach: siteEndpoints.clearSecurityBreach,
  clear_lock_open_fail: siteEndpoints.clearLockOpenFail,
} as const;

/** POST /user/site/unlock, /user/site/clear-security-breach or /user/site/clear-lock-open-fail. */
export function sendAccessCommand(
  kind: AccessCommandKind,
  siteUid: string,
  tenant: string | null,
): Promise<CommandReply> {
  return apiCall(ENDPOINTS[kind], { body: { site_uid: siteUid, tenant: tenantQuery(tenant) } });
}
