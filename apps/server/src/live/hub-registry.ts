/**
 * The live hub's bookkeeping (issue 7, built for thousands of sockets): sockets are grouped by user and
 * users by scope (company and allowed tenants). A scope holds one set of site uids for all its
 * sockets; a user is the unit of a visibility decision; sockets focused on a site are indexed by it
 * (the receivers of that site's pin updates); sockets are also indexed by user uid and by auth
 * session id, so ending a session or changing a user's rights touches only their sockets.
 */

import type { Caller } from '../auth/caller.ts';
import type { LiveEnvelope } from '../bus/bus.ts';
import type { Client, LiveHubDeps, Scope, UserEntry } from './hub-types.ts';

/** The scope key of a caller: company (operators: all) and sorted allowed tenants. */
export function scopeKeyOf(caller: Caller): string {
  const who = caller.isOperator ? '*' : `c:${caller.companyId ?? ''}`;
  return `${who}|${[...caller.allowedTenants].sort().join(',')}`;
}

export interface HubRegistry {
  /** Authenticated sockets. */
  readonly clients: Set<Client>;
  readonly scopes: Map<string, Scope>;
  readonly users: Map<string, UserEntry>;
  /** Sockets whose session is on a site (receivers of that site's pin updates). */
  readonly focused: Map<string, Set<Client>>;
  /** Sockets by user uid (every scope) and by auth session id. */
  readonly byUid: Map<string, Set<Client>>;
  readonly bySession: Map<string, Set<Client>>;
  /** Registers a signed-in socket with its user entry and in the indexes. */
  add(client: Client): void;
  /**
   * Moves a socket to the user entry (and scope) of its rebuilt `caller`; it leaves its focused site
   * when the new rights no longer show it.
   */
  rebind(client: Client, caller: Caller): Promise<void>;
  /** Loads or reloads a scope's site set (one load at a time, shared by whoever waits). */
  loadSites(scope: Scope): Promise<void>;
  /**
   * A load of the scope's site set that starts after this call (a site changed): the calls made
   * while a load runs share one load after it.
   */
  reloadSites(scope: Scope): Promise<void>;
  /** The users a message for `audience` may concern (each is then checked with `canReceive`). */
  candidates(audience: LiveEnvelope['audience']): Iterable<UserEntry>;
  setFocus(client: Client, siteUid: string | null): void;
  /** Forgets a socket (and its user and scope when they have no socket left). */
  detach(client: Client): void;
  /** Forgets a user without sockets, and its scope when it was the scope's last user. */
  dropIfIdle(user: UserEntry): void;
  /** The user entry (and scope) of a signed-in caller, created with its site set on first use. */
  enter(caller: Caller): Promise<UserEntry>;
}

/** `onFocusChange`: called when a site enters or leaves the focused sites. */
export function createHubRegistry(
  deps: Pick<LiveHubDeps, 'siteUidsOf'>,
  onFocusChange: () => void = () => {},
): HubRegistry {
  const clients = new Set<Client>();
  const scopes = new Map<string, Scope>();
  const users = new Map<string, UserEntry>();
  /** Users by company (non-operators) and the operators: the candidates of a company's message. */
  const byCompany = new Map<string, Set<UserEntry>>();
  const operators = new Set<UserEntry>();
  const focused = new Map<string, Set<Client>>();
  const byUid = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();

  function index(map: Map<string, Set<Client>>, key: string, client: Client): void {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(client);
  }
  function unindex(map: Map<string, Set<Client>>, key: string, client: Client): void {
    const set = map.get(key);
    set?.delete(client);
    if (set?.size === 0) map.delete(key);
  }

  function add(client: Client): void {
    clients.add(client);
    client.user.clients.add(client);
    index(byUid, client.caller.uid, client);
    index(bySession, client.caller.sessionId, client);
  }

  async function rebind(client: Client, caller: Caller): Promise<void> {
    const user = await enter(caller);
    if (!clients.has(client)) {
      dropIfIdle(user);
      return;
    }
    // Visibility is decided with the entry's caller: the entry of an unchanged scope gets the new rights.
    user.caller = caller;
    client.caller = caller;
    const old = client.user;
    if (old !== user) {
      old.clients.delete(client);
      client.user = user;
      user.clients.add(client);
      dropIfIdle(old);
    }
    if (client.sessionSiteUid && !user.scope.siteUids.has(client.sessionSiteUid)) setFocus(client, null);
  }

  function loadSites(scope: Scope): Promise<void> {
    if (scope.loading) return scope.loading;
    const loading = deps
      .siteUidsOf(scope.caller)
      .then((uids) => {
        scope.siteUids = new Set(uids);
      })
      .finally(() => {
        scope.loading = null;
      });
    scope.loading = loading;
    return loading;
  }

  const followUps = new WeakMap<Scope, Promise<void>>();
  function reloadSites(scope: Scope): Promise<void> {
    const running = scope.loading;
    if (!running) return loadSites(scope);
    let next = followUps.get(scope);
    if (!next) {
      next = running
        .catch(() => undefined)
        .then(() => {
          followUps.delete(scope);
          return loadSites(scope);
        });
      followUps.set(scope, next);
    }
    return next;
  }

  function candidates(audience: LiveEnvelope['audience']): Iterable<UserEntry> {
    if (audience.companyId === null) return users.values();
    const own = byCompany.get(audience.companyId);
    if (!own || own.size === 0) return operators;
    if (operators.size === 0) return own;
    return [...own, ...operators];
  }

  function setFocus(client: Client, siteUid: string | null): void {
    // One change per move from site to site (not a set without either in between).
    let changed = false;
    if (client.sessionSiteUid) {
      const set = focused.get(client.sessionSiteUid);
      set?.delete(client);
      if (set?.size === 0) {
        focused.delete(client.sessionSiteUid);
        changed = true;
      }
    }
    client.sessionSiteUid = siteUid;
    if (siteUid) {
      let set = focused.get(siteUid);
      if (!set) {
        set = new Set();
        focused.set(siteUid, set);
        changed = true;
      }
      set.add(client);
    }
    if (changed) onFocusChange();
  }

  function detach(client: Client): void {
    if (!clients.delete(client)) return;
    if (client.expiryTimer) clearTimeout(client.expiryTimer);
    unindex(byUid, client.caller.uid, client);
    unindex(bySession, client.caller.sessionId, client);
    setFocus(client, null);
    client.user.clients.delete(client);
    dropIfIdle(client.user);
  }

  function dropIfIdle(user: UserEntry): void {
    if (user.clients.size > 0) return;
    users.delete(user.key);
    operators.delete(user);
    const company = user.caller.companyId ?? '';
    byCompany.get(company)?.delete(user);
    if (byCompany.get(company)?.size === 0) byCompany.delete(company);
    const { scope } = user;
    scope.users.delete(user);
    if (scope.users.size === 0) {
      if (scope.timer) clearTimeout(scope.timer);
      if (scopes.get(scope.key) === scope) scopes.delete(scope.key);
    }
  }

  async function enter(caller: Caller): Promise<UserEntry> {
    const scopeKey = scopeKeyOf(caller);
    let scope = scopes.get(scopeKey);
    for (;;) {
      if (!scope) {
        scope = {
          key: scopeKey,
          caller,
          siteUids: new Set(),
          loading: null,
          users: new Set(),
          lastCounts: new Map(),
          countsDue: false,
          countsAt: 0,
          healthDue: false,
          healthAt: 0,
          // Classes may have moved while the scope had no socket: its first counts read them fresh.
          batteryMoved: true,
          batteryAt: 0,
          timer: null,
          timerAt: 0,
          pushing: false,
        };
        scopes.set(scopeKey, scope);
        const created = scope;
        // A first load that fails leaves no empty scope behind (the next LOGIN tries again).
        loadSites(created).catch(() => {
          if (created.users.size === 0 && scopes.get(scopeKey) === created) scopes.delete(scopeKey);
        });
      }
      // Sockets of a new scope wait for its first site set (shared by every socket that waits).
      if (scope.loading) await scope.loading;
      const current = scopes.get(scopeKey);
      if (current === scope) break;
      // The scope ended (its last socket left) while this one waited: join or create the current one.
      scope = current;
    }
    const key = `${caller.uid}|${scopeKey}`;
    let user = users.get(key);
    if (!user) {
      user = { key, caller, scope, clients: new Set() };
      users.set(key, user);
      scope.users.add(user);
      if (caller.isOperator) operators.add(user);
      else {
        const company = caller.companyId ?? '';
        let set = byCompany.get(company);
        if (!set) {
          set = new Set();
          byCompany.set(company, set);
        }
        set.add(user);
      }
    }
    return user;
  }

  return {
    clients,
    scopes,
    users,
    focused,
    byUid,
    bySession,
    add,
    rebind,
    loadSites,
    reloadSites,
    candidates,
    setFocus,
    detach,
    dropIfIdle,
    enter,
  };
}
