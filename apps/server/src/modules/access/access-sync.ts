/**
 * The access-list sync (docs/requirements.md#access-sync): after a change, each affected site's
 * effective list is recomputed; when it differs from the last version sent (or that version failed),
 * a new version goes to the site's device as `access_list` chunk commands over the command path
 * (docs/device-protocol.md "access_list"). The dispatcher of the ingest role publishes them; the
 * device's acks move the site to applied (or failed).
 */
import {
  type AccessListEntryMessage,
  type AccessListParams,
  type AccessSync,
  LIVE_EVENTS,
  liveMessage,
} from '@towerwatch/contract';
import { ACCESS_LIST_RESEND_MIN_INTERVAL_MS, accessListChunks } from '@towerwatch/domain';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { accessSyncStates, createAccessSyncRepository, type EffectiveRow } from './access-sync.repository.ts';

/** `requested_by` of the commands of a retried version. */
export const RETRY_REQUESTER = 'jobs:access-retry';
/** `requested_by` of the commands of a version resent because the device reported another one. */
export const RECONCILE_REQUESTER = 'device:access-reconcile';

/** Sites recomputed per transaction. */
const SITES_PER_BATCH = 100;

/** A canonical text of an entry (key order and window shape fixed) to compare versions. */
export function canonicalEntry(e: AccessListEntryMessage): string {
  return JSON.stringify([
    e.card_number,
    e.valid_from ?? null,
    e.valid_until ?? null,
    Boolean(e.blocked),
    (e.time_windows ?? []).map((w) => [w.days, w.from, w.until]),
  ]);
}

export interface AccessSyncDeps {
  pool: Pool;
  clock: Clock;
  bus?: Pick<EventBus, 'publish'>;
}

export function createAccessSync(deps: AccessSyncDeps) {
  /** Last reconcile resend per site, and reports held back by the rate limit (docs/requirements.md#access-reconcile). */
  const resentAt = new Map<string, number>();
  const heldBack = new Map<string, { comId: string; version: number }>();

  /**
   * `resend`: sites to send again even if unchanged, with the version their device reported (the new
   * version is above it and the current one); skipped if a version is in flight meanwhile.
   */
  async function syncBatch(
    siteUids: string[],
    by: string,
    resend?: ReadonlyMap<string, number>,
  ): Promise<{ changed: string[]; lastCommand: number }> {
    return withTransaction(deps.pool, async (tx) => {
      // One sync of a site at a time: lock its rows (a concurrent change waits, then sees this version);
      // `no key update` so ingest inserting events or records of the site (foreign keys) never waits.
      await tx.query(`select uid from sites where uid = any($1::text[]) order by uid for no key update`, [
        siteUids,
      ]);
      const repo = createAccessSyncRepository(tx);
      // One client: one query at a time.
      const effective = await repo.effective(siteUids);
      const open = await repo.openEntries(siteUids);
      const current = await repo.current(siteUids);
      const devices = await repo.accessDevices(siteUids);
      const bySite = new Map<string, EffectiveRow[]>();
      for (const row of effective) {
        const list = bySite.get(row.site_uid) ?? [];
        list.push(row);
        bySite.set(row.site_uid, list);
      }
      const openBySite = new Map<string, Map<string, string>>();
      for (const row of open) {
        const m = openBySite.get(row.site_uid) ?? new Map<string, string>();
        m.set(row.card_number, canonicalEntry(row.entry as AccessListEntryMessage));
        openBySite.set(row.site_uid, m);
      }
      const changed: string[] = [];
      let lastCommand = 0;
      const at = deps.clock.now();
      for (const siteUid of siteUids) {
        const list = bySite.get(siteUid) ?? [];
        const before = openBySite.get(siteUid) ?? new Map<string, string>();
        const cur = current.get(siteUid) ?? { version: 0, failed: false, pending: false };
        const reported = resend?.get(siteUid);
        const next = new Map(list.map((r) => [r.card_number, canonicalEntry(r.entry)]));
        const added = list.filter((r) => before.get(r.card_number) !== next.get(r.card_number));
        const removed = [...before.keys()].filter((n) => before.get(n) !== next.get(n));
        const same = added.length === 0 && removed.length === 0;
        if (reported !== undefined) {
          if (cur.pending) continue;
        } else {
          // Nothing new: skip, unless the last version failed (send it again as a new version).
          if (same && !cur.failed) continue;
          if (same && cur.version === 0) continue;
        }
        const version = Math.max(cur.version, reported ?? 0) + 1;
        const comId = devices.get(siteUid) ?? null;
        const entries = list.map((r) => r.entry);
        const parts = accessListChunks(entries);
        const chunks: AccessListParams[] = comId
          ? parts.map((part, chunk) => ({
              version,
              chunk,
              chunks: parts.length,
              total: entries.length,
              entries: part,
            }))
          : [];
        const ids = await repo.writeVersion({
          siteUid,
          version,
          comId,
          removed,
          added,
          cardCount: entries.length,
          chunks,
          requestedBy: by,
          at,
        });
        lastCommand = Math.max(lastCommand, ...ids, 0);
        changed.push(siteUid);
      }
      return { changed, lastCommand };
    });
  }

  return {
    /**
     * Recomputes the lists of `siteUids` and sends new versions where they changed; returns the
     * sites that got a new version. `by` is the user uid recorded on the commands.
     */
    async syncSites(
      siteUids: readonly string[],
      by: string,
      resend?: ReadonlyMap<string, number>,
    ): Promise<string[]> {
      const unique = [...new Set(siteUids)].sort();
      const changed: string[] = [];
      for (let i = 0; i < unique.length; i += SITES_PER_BATCH) {
        const batch = await syncBatch(unique.slice(i, i + SITES_PER_BATCH), by, resend);
        changed.push(...batch.changed);
        if (batch.lastCommand > 0) deps.bus?.publish('command.created', { id: batch.lastCommand });
      }
      if (changed.length > 0 && deps.bus) {
        const states = await accessSyncStates(deps.pool, changed);
        const companies = await deps.pool.query<{ uid: string; company_id: string }>(
          'select uid, company_id from sites where uid = any($1::text[])',
          [changed],
        );
        const companyOf = new Map(companies.rows.map((r) => [r.uid, r.company_id]));
        const time = deps.clock.now().toISOString();
        for (const s of states) {
          deps.bus.publish('live', {
            audience: { companyId: companyOf.get(s.siteUid) ?? null, siteUid: s.siteUid, tenant: null },
            message: liveMessage(LIVE_EVENTS.ACCESS_SYNC_STATUS, { ...s, time }),
          });
        }
      }
      return changed;
    },

    /**
     * Sends again (as a new version) the lists whose current version failed, for sites whose device
     * is online now (the jobs role runs it every few minutes; a device back online gets its list),
     * and handles the device reports {@link reconcile} held back by its rate limit.
     */
    async retryFailed(limit = 1000): Promise<string[]> {
      const held = [...heldBack.values()];
      heldBack.clear();
      const reconciled: string[] = [];
      for (const h of new Map(held.map((x) => [`${x.comId}|${x.version}`, x])).values())
        reconciled.push(...(await this.reconcile(h.comId, h.version)));
      const { rows } = await deps.pool.query<{ site_uid: string }>(
        `select a.site_uid from access_sync a
          where a.com_id is not null
            and exists (select 1 from devices d where d.com_id = a.com_id and d.online)
            and exists (select 1 from access_sync_versions v join commands c on c.id = any(v.command_ids)
                         where v.site_uid = a.site_uid and v.version = a.version and c.status = 'failed')
          order by a.updated_at limit $1`,
        [limit],
      );
      const retried = rows.length
        ? await this.syncSites(
            rows.map((r) => r.site_uid),
            RETRY_REQUESTER,
          )
        : [];
      return [...reconciled, ...retried];
    },

    /**
     * A device reported the access-list version it holds (docs/requirements.md#access-reconcile): each
     * site whose list goes to it and whose applied version differs is sent its current list again,
     * unless a version is in flight or the site was resent less than the minimum interval ago (then
     * the report is held back for {@link retryFailed}). Returns the sites sent a new version.
     */
    async reconcile(comId: string, reported: number): Promise<string[]> {
      const { rows } = await deps.pool.query<{ site_uid: string }>(
        `select site_uid from access_sync where com_id = $1
         union
         select d.site_uid from devices d
          where d.com_id = $1 and d.site_uid is not null
            and not exists (select 1 from access_sync a where a.site_uid = d.site_uid)`,
        [comId],
      );
      if (rows.length === 0) return [];
      const states = await accessSyncStates(
        deps.pool,
        rows.map((r) => r.site_uid),
      );
      const devices = await createAccessSyncRepository(deps.pool).accessDevices(states.map((s) => s.siteUid));
      const now = deps.clock.now().getTime();
      const resend = new Map<string, number>();
      for (const s of states) {
        // Only the site's access device speaks for its list; a version in flight settles by itself.
        if (devices.get(s.siteUid) !== comId || s.state === 'pending') continue;
        const held = s.state === 'applied' ? (s.version === 0 ? 0 : s.appliedVersion) : null;
        if (held === reported) {
          heldBack.delete(s.siteUid);
          continue;
        }
        const last = resentAt.get(s.siteUid);
        if (last !== undefined && now - last < ACCESS_LIST_RESEND_MIN_INTERVAL_MS) {
          heldBack.set(s.siteUid, { comId, version: reported });
          continue;
        }
        heldBack.delete(s.siteUid);
        resentAt.set(s.siteUid, now);
        resend.set(s.siteUid, reported);
      }
      return resend.size > 0 ? this.syncSites([...resend.keys()], RECONCILE_REQUESTER, resend) : [];
    },

    /** Sync states of sites. */
    states(siteUids: readonly string[]): Promise<AccessSync[]> {
      return accessSyncStates(deps.pool, siteUids);
    },

    /** One site's sync state. */
    async state(siteUid: string): Promise<AccessSync> {
      const [s] = await accessSyncStates(deps.pool, [siteUid]);
      if (!s) throw new Error(`no sync state for ${siteUid}`);
      return s;
    },
  };
}

export type AccessSyncService = ReturnType<typeof createAccessSync>;
