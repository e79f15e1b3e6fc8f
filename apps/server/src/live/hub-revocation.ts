/**
 * Live sockets follow their session and user (docs/api.md "Live socket", issue 12): the hub listens to
 * the bus events the auth and users services publish (in this process, and from the other processes
 * through the bus bridge) and, through the registry's indexes by session id and user uid, touches only
 * the sockets concerned:
 * - `auth.session-ended` closes the session's sockets (4001 `session ended`);
 * - `user.disabled` closes the user's sockets (4003 `user disabled`);
 * - `user.rights-changed` rebuilds each of the user's sockets' Caller from the database (its allowed
 *   tenants, scope and focused site follow; closed as above when the session or user is gone).
 */
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from '@towerwatch/contract';
import type { HubRegistry } from './hub-registry.ts';
import type { Client, LiveHubDeps, RecheckResult } from './hub-types.ts';

export interface HubRevocation {
  /** Counts the user events seen: a LOGIN checked across one of them is checked again. */
  epoch(): number;
  /** Checks a signed-in socket again (rebuilds its Caller, or closes it). */
  recheck(client: Client): Promise<void>;
  /** Stops listening to the bus. */
  stop(): void;
}

export function createHubRevocation(
  deps: Pick<LiveHubDeps, 'bus' | 'log' | 'recheck'>,
  registry: HubRegistry,
  /** Called after a socket moved to its rebuilt Caller (e.g. to push its counts again). */
  onRebound: (client: Client) => void,
): HubRevocation {
  let epoch = 0;

  function end(client: Client, code: number, reason: string): void {
    registry.detach(client);
    client.socket.close(code, reason);
  }

  async function recheck(client: Client): Promise<void> {
    if (!deps.recheck) return;
    let result: RecheckResult;
    try {
      result = await deps.recheck(client.caller);
    } catch (err) {
      deps.log.error({ err, userUid: client.caller.uid }, 'live: re-checking a socket failed');
      return;
    }
    if (!registry.clients.has(client)) return;
    if (!result.ok) {
      end(client, result.code, result.reason);
      return;
    }
    await registry.rebind(client, result.caller);
    if (registry.clients.has(client)) onRebound(client);
  }

  const offs = [
    deps.bus.subscribe('auth.session-ended', (e) => {
      epoch += 1;
      const set = e.sessionId ? registry.bySession.get(e.sessionId) : registry.byUid.get(e.userUid);
      for (const c of [...(set ?? [])]) {
        if (c.caller.uid !== e.userUid || c.caller.sessionId === e.exceptSessionId) continue;
        end(c, LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.SESSION_ENDED);
      }
    }),
    deps.bus.subscribe('user.disabled', (e) => {
      epoch += 1;
      for (const c of [...(registry.byUid.get(e.userUid) ?? [])]) {
        end(c, LIVE_CLOSE_CODES.FORBIDDEN, LIVE_CLOSE_REASONS.USER_DISABLED);
      }
    }),
    deps.bus.subscribe('user.rights-changed', async (e) => {
      epoch += 1;
      await Promise.all([...(registry.byUid.get(e.userUid) ?? [])].map((c) => recheck(c)));
    }),
  ];

  return {
    epoch: () => epoch,
    recheck,
    stop() {
      for (const off of offs) off();
    },
  };
}
