/**
 * The live hub behind /wss (docs/requirements.md#live-socket): authenticates each socket with the
 * access token, answers PING, scopes SESSION_START, and fans out bus messages to the sockets
 * allowed to see them.
 *
 * Built for thousands of sockets (issue 7): sockets are grouped by user and users by scope (company
 * and allowed tenants). A scope holds one set of site uids for all its sockets; a bus message is
 * checked once per user (pin updates only against the sockets focused on their site) and serialised
 * once per scope (the tenant narrowing of a message depends only on the scope's tenants); dashboard
 * counts are computed once per scope, only when its sites changed (coalesced, hub-counts.ts: no timer
 * runs without a change), and each socket gets only the count events that changed since its previous
 * push (all of them the first time). A socket over `maxBufferedBytes` unsent is closed (1001 `too
 * slow`, docs/api.md), so a slow reader never holds up the others: sends never wait.
 *
 * Parts: the bookkeeping of sockets, users and scopes (hub-registry.ts), sending (hub-delivery.ts),
 * count pushes (hub-counts.ts), a socket's own messages (hub-session.ts), closing and re-evaluating
 * sockets when their session ends or their user's rights change (hub-revocation.ts); here: the bus fan-out.
 */
import {
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_LOGIN_TIMEOUT_MS,
  type LiveServerMessage,
} from '@towerwatch/contract';
import type { LiveEnvelope } from '../bus/bus.ts';
import { createCountPusher } from './hub-counts.ts';
import { createHubDelivery } from './hub-delivery.ts';
import { createHubRegistry } from './hub-registry.ts';
import { createHubRevocation } from './hub-revocation.ts';
import { createSessionHandler, type PendingSession } from './hub-session.ts';
import type { LiveHub, LiveHubDeps, Scope } from './hub-types.ts';
import { createFocusPublisher } from './shared-focus.ts';
import { canReceive, type SocketView, tailorMessage } from './visibility.ts';

export type { AuthenticateResult, HubSocket, LiveHub, LiveHubDeps, RecheckResult } from './hub-types.ts';

export function createLiveHub(deps: LiveHubDeps): LiveHub {
  // The focused sites go on the bus for ingest in other processes (shared-focus.ts).
  const focus = createFocusPublisher(deps.bus, () => registry.focused.keys());
  const registry = createHubRegistry(deps, () => focus.changed());
  const { scopes, focused, reloadSites, candidates } = registry;
  const { deliver, send, sendError, uncorkAll } = createHubDelivery(deps.maxBufferedBytes ?? 4 * 1024 * 1024);
  const scheduleCounts = createCountPusher({
    deps,
    deliver,
    countsInterval: deps.countsIntervalMs ?? 500,
    healthInterval: deps.healthIntervalMs ?? 10_000,
    batteryInterval: deps.batteryIntervalMs ?? 10_000,
  });
  const revocation = createHubRevocation(deps, registry, (client) => {
    // New rights, maybe a new scope: the socket gets every count of its scope again.
    client.hasCounts = false;
    scheduleCounts(client.user.scope);
  });
  const handle = createSessionHandler(deps, registry, { send, sendError }, revocation);

  const offLive = deps.bus.subscribe('live', (envelope: LiveEnvelope) => {
    // One serialisation per distinct message object (tailorMessage returns the same object when
    // nothing is narrowed) and per scope (its narrowing depends only on the scope's tenants); one
    // visibility decision per user (per socket only for focused pin updates).
    const serialised = new Map<LiveServerMessage, Buffer>();
    const byScope = new Map<Scope, Buffer>();
    const json = (view: SocketView, scope: Scope) => {
      let data = byScope.get(scope);
      if (data === undefined) {
        const m = tailorMessage(view, envelope.message);
        data = serialised.get(m);
        if (data === undefined) {
          data = Buffer.from(JSON.stringify(m));
          serialised.set(m, data);
        }
        byScope.set(scope, data);
      }
      return data;
    };
    const { audience } = envelope;
    if (audience.focus) {
      if (audience.siteUid === null) return;
      for (const c of focused.get(audience.siteUid) ?? []) {
        if (canReceive(c, envelope)) deliver(c.socket, json(c, c.user.scope));
      }
      return;
    }
    for (const user of candidates(audience)) {
      const view: SocketView = { caller: user.caller, siteUids: user.scope.siteUids, sessionSiteUid: null };
      if (!canReceive(view, envelope)) continue;
      const data = json(view, user.scope);
      for (const c of user.clients) deliver(c.socket, data);
    }
  });
  const offState = deps.bus.subscribe('site.state-changed', (e) => {
    for (const scope of scopes.values()) {
      if (e.siteUids.some((s) => scope.siteUids.has(s))) scheduleCounts(scope, e.battery === true);
    }
  });
  const offConfig = deps.bus.subscribe('site.config-changed', async (e) => {
    // Pins, devices or settings of the site changed: its scopes' site sets, and their counts (door and
    // battery pins, the DC low-voltage threshold) may have moved.
    await Promise.all(
      [...scopes.values()].map(async (scope) => {
        await reloadSites(scope);
        if (scope.siteUids.has(e.siteUid)) scheduleCounts(scope, true);
      }),
    );
  });

  return {
    attach(socket) {
      const pending: PendingSession = { client: null };
      const loginTimer = setTimeout(() => {
        if (!pending.client) socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.LOGIN_TIMEOUT);
      }, deps.loginTimeoutMs ?? LIVE_LOGIN_TIMEOUT_MS);
      loginTimer.unref();
      // Messages are handled one at a time so LOGIN completes before a following SESSION_START.
      let chain = Promise.resolve();
      socket.on('message', (data) => {
        chain = chain
          .then(() => handle(socket, data, pending))
          .catch((err: unknown) => {
            deps.log.error({ err }, 'live: message handling failed');
            sendError(socket, 'internal error');
          });
      });
      socket.on('close', () => {
        clearTimeout(loginTimer);
        if (pending.client) registry.detach(pending.client);
      });
    },
    size: () => registry.clients.size,
    scopes: () => registry.scopes.size,
    hasFocus: (siteUid) => focused.has(siteUid),
    async close() {
      revocation.stop();
      offLive();
      offState();
      offConfig();
      for (const scope of registry.scopes.values()) if (scope.timer) clearTimeout(scope.timer);
      uncorkAll();
      for (const client of [...registry.clients]) {
        registry.detach(client);
        client.socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'server shutting down');
      }
      focus.stop();
      registry.clients.clear();
      registry.scopes.clear();
      registry.users.clear();
    },
  };
}
