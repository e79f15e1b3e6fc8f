/**
 * The simulated controller's access list (docs/device-protocol.md "access_list"): it keeps the list
 * the server sent (versioned, assembled from chunks, idempotent) and decides every swipe with the
 * domain's rule (`accessDecision`: unknown, blocked, expired, not yet valid, outside the weekly
 * windows). A device that never received a list (version 0) still lets its site's own technician
 * cards in, as before access control was set up for the site.
 */
import type { AccessListParams } from '@towerwatch/contract';
import { type AccessListEntry, accessDecision } from '@towerwatch/domain';
import type { DeviceAccessList, SiteContext, SiteOutput } from './site-state.ts';

export function createDeviceAccessList(): DeviceAccessList {
  return { version: 0, entries: new Map(), partial: null };
}

/** What applying a chunk did: the list changed (all chunks of a newer version held) and how. */
export interface ChunkResult {
  applied: boolean;
  /** Cards new or changed in the applied version. */
  added: string[];
  /** Cards no longer in it. */
  removed: string[];
}

/** Takes one chunk; a chunk of the current or an older version changes nothing (acked again). */
export function applyAccessListChunk(list: DeviceAccessList, p: AccessListParams): ChunkResult {
  const none: ChunkResult = { applied: false, added: [], removed: [] };
  if (p.version <= list.version) return none;
  if (!list.partial || list.partial.version !== p.version) {
    if (list.partial && list.partial.version > p.version) return none;
    list.partial = { version: p.version, chunks: p.chunks, parts: new Map() };
  }
  list.partial.parts.set(p.chunk, p.entries);
  if (list.partial.parts.size < list.partial.chunks) return none;
  const next = new Map<string, AccessListEntry>();
  const parts = [...list.partial.parts.entries()].sort((a, b) => a[0] - b[0]);
  for (const [, part] of parts) for (const e of part) next.set(e.card_number, e);
  const same = (a: AccessListEntry | undefined, b: AccessListEntry) =>
    JSON.stringify(a) === JSON.stringify(b);
  const added = [...next.values()]
    .filter((e) => !same(list.entries.get(e.card_number), e))
    .map((e) => e.card_number);
  const removed = [...list.entries.keys()].filter((n) => !next.has(n));
  list.entries = next;
  list.version = p.version;
  list.partial = null;
  return { applied: true, added, removed };
}

/**
 * The online status message; an access controller reports the list version it holds (0 after a
 * restart: the simulator keeps lists in memory), so the server resends its list (docs/device-protocol.md §3).
 */
export function onlineStatus(ctx: SiteContext): SiteOutput {
  return ctx.site.has_acs
    ? { kind: 'status', online: true, accessListVersion: ctx.access.version }
    : { kind: 'status', online: true };
}

/** The decision of the controller for a swipe at wall time `wallMs`. */
export function decideSwipe(ctx: SiteContext, cardNumber: string, wallMs: number) {
  if (ctx.state.cardReaderFaultUntil !== null)
    return { granted: false as const, reason: 'reader_error' as const };
  if (ctx.access.version === 0)
    return ctx.cards.includes(cardNumber)
      ? { granted: true as const }
      : { granted: false as const, reason: 'unknown_card' as const };
  return accessDecision(ctx.access.entries, cardNumber, new Date(wallMs));
}

/**
 * A card is swiped at the reader: granted → the lock releases and the door opens for a visit of
 * `visitMs` (simulated) unless one is on; denied → only the record, with the reason.
 */
export function swipe(ctx: SiteContext, cardNumber: string, wallMs: number, visitMs: number): SiteOutput[] {
  const decision = decideSwipe(ctx, cardNumber, wallMs);
  if (!decision.granted)
    return [{ kind: 'access', card_number: cardNumber, granted: false, reason: decision.reason }];
  const s = ctx.state;
  if (s.visitEndsAt === null) {
    s.lockOpen = true;
    s.doorOpen = true;
    s.relockAt = null;
    s.visitEndsAt = s.simMs + visitMs;
    s.motion = 60;
  }
  return [{ kind: 'access', card_number: cardNumber, granted: true, door: 'door1' }];
}

/** The card a field engineer arriving at the site carries: mostly a listed one, now and then a stranger's. */
export function arrivingCard(ctx: SiteContext): string {
  const r = ctx.random;
  if (r.chance(0.05)) return String(r.int(10_000_000, 99_999_999));
  if (ctx.access.version === 0) return r.pick(ctx.cards);
  const listed = [...ctx.access.entries.keys()];
  return listed.length > 0 ? r.pick(listed) : String(r.int(10_000_000, 99_999_999));
}
