/**
 * Loads what the alarm engine needs for sites from PostgreSQL (site, devices, pin configs, latest
 * pin values, alarms, DC load states) and caches it per site. The cache is the single writer's
 * memory: the ingest writer updates it as it commits, and a site is reloaded when its config
 * changes (bus `site.config-changed`), after a failed write, and as a safety net after `ttlMs`
 * (default 15 min, spread so that sites loaded together do not expire together).
 *
 * Loads are batched: the sites (and device → site lookups) wanted by one ingest batch are read with
 * one query per table (`= any($1)`), so a cold start at 50,000 sites costs a few dozen queries, not
 * 50,000 × 7. Latest values are read by primary key (`pin_latest.com_id = any(...)`).
 */
import type { EngineSite, SiteState } from '../alarms/state.ts';
import type { Queryable } from '../db/pool.ts';
import type { AlarmRow } from '../kernel/rows/site-rows.ts';
import {
  buildSiteRuntimes,
  createSiteInterner,
  type DcLoadRow,
  type DeviceRow,
  type LatestRow,
  type PinConfigRow,
  type SiteInterner,
  type SiteRow,
} from './site-build.ts';

export interface SiteRuntime {
  site: EngineSite;
  state: SiteState;
  loadedAt: number;
}

/** com_id → its site, or null for an unknown or unbound device. */
export interface DeviceSite {
  comId: string;
  siteUid: string | null;
}

/** A latest pin value not yet written to `pin_latest` (the writer defers them under load). */
export interface PendingLatest {
  pinName: string;
  value: number;
  ts: Date;
}

export interface SiteStoreOptions {
  ttlMs?: number;
  now?: () => number;
  /** Latest values of a device still waiting in the writer (overlaid on what `pin_latest` holds). */
  pendingLatest?(comId: string): Iterable<PendingLatest> | undefined;
}

export interface SiteStore {
  siteOfDevice(comId: string): Promise<DeviceSite | null>;
  /** The cached lookup, or undefined when it must be read (not cached or expired). */
  cachedSiteOfDevice(comId: string): DeviceSite | null | undefined;
  get(siteUid: string): Promise<SiteRuntime | null>;
  /** Several sites at once (missing ones loaded together); null for sites that do not exist. */
  getMany(siteUids: readonly string[]): Promise<Map<string, SiteRuntime | null>>;
  invalidate(siteUid?: string): void;
  /** Forgets the cached site of a device (bound or unbound by an administrator). */
  forgetDevice(comId: string): void;
  /**
   * Drops every cached site with a device `match`es (and those devices' lookups): a NATS ingest
   * worker took their partition over, so another worker may have written them meanwhile.
   */
  invalidateDevices(match: (comId: string) => boolean): void;
}

/** Most sites read by one set of queries. */
const LOAD_CHUNK = 1000;
/** Unknown devices are re-checked after this long. */
const UNKNOWN_DEVICE_TTL_MS = 10_000;

export function createSiteStore(db: Queryable, opts: SiteStoreOptions = {}): SiteStore {
  const ttl = opts.ttlMs ?? 15 * 60_000;
  const now = opts.now ?? Date.now;
  const devices = new Map<string, { value: DeviceSite | null; at: number }>();
  const sites = new Map<string, SiteRuntime & { expiresAt: number }>();
  // Strings, settings and pin layouts shared by the cached sites.
  const interner = createSiteInterner();
  // Bumped when a site (or a device) is invalidated, `all` when everything is: a read in flight across
  // an invalidation answers its caller but is not cached, so the next lookup reads the change (a config
  // saved while the site was being loaded for an earlier change was otherwise cached stale for the TTL).
  const siteVersions = new Map<string, number>();
  const deviceVersions = new Map<string, number>();
  let allVersion = 0;
  const versionOf = (versions: Map<string, number>, key: string) => versions.get(key) ?? 0;
  const bump = (versions: Map<string, number>, key: string) =>
    versions.set(key, versionOf(versions, key) + 1);
  // Device lookups wanted in the same tick are read with one query.
  let wanted: Map<string, ((v: DeviceSite | null) => void)[]> | null = null;
  let wantedFail: Map<string, ((err: unknown) => void)[]> | null = null;

  const cachedSiteOfDevice = (comId: string): DeviceSite | null | undefined => {
    const hit = devices.get(comId);
    if (hit && now() - hit.at < (hit.value ? ttl : UNKNOWN_DEVICE_TTL_MS)) return hit.value;
    return undefined;
  };

  async function lookupDevices(
    ids: string[],
    resolvers: Map<string, ((v: DeviceSite | null) => void)[]>,
    failers: Map<string, ((err: unknown) => void)[]>,
  ) {
    try {
      const all = allVersion;
      const before = ids.map((id) => versionOf(deviceVersions, id));
      const { rows } = await db.query<{ com_id: string; site_uid: string | null }>(
        'select com_id, site_uid from devices where com_id = any($1::text[])',
        [ids],
      );
      const found = new Map(rows.map((r) => [r.com_id, { comId: r.com_id, siteUid: r.site_uid }]));
      const at = now();
      for (const [i, id] of ids.entries()) {
        const value = found.get(id) ?? null;
        if (allVersion === all && versionOf(deviceVersions, id) === before[i]) devices.set(id, { value, at });
        for (const resolve of resolvers.get(id) ?? []) resolve(value);
      }
    } catch (err) {
      for (const id of ids) for (const fail of failers.get(id) ?? []) fail(err);
    }
  }

  function spread(at: number): number {
    // Expire between 75 % and 100 % of the TTL so sites loaded in one batch reload at different times.
    return at + ttl * (0.75 + Math.random() * 0.25);
  }

  async function getMany(siteUids: readonly string[]): Promise<Map<string, SiteRuntime | null>> {
    const out = new Map<string, SiteRuntime | null>();
    const missing: string[] = [];
    const t = now();
    for (const uid of siteUids) {
      const hit = sites.get(uid);
      if (hit && t < hit.expiresAt) out.set(uid, hit);
      else if (!out.has(uid)) {
        out.set(uid, null);
        missing.push(uid);
      }
    }
    for (let i = 0; i < missing.length; i += LOAD_CHUNK) {
      const chunk = missing.slice(i, i + LOAD_CHUNK);
      const all = allVersion;
      const before = chunk.map((uid) => versionOf(siteVersions, uid));
      const loaded = await loadSites(db, chunk, opts.pendingLatest, interner);
      const at = now();
      for (const [j, uid] of chunk.entries()) {
        const l = loaded.get(uid);
        const current = allVersion === all && versionOf(siteVersions, uid) === before[j];
        if (!l) {
          if (current) sites.delete(uid);
          continue;
        }
        const runtime = { ...l, loadedAt: at, expiresAt: spread(at) };
        if (current) sites.set(uid, runtime);
        out.set(uid, runtime);
      }
    }
    return out;
  }

  return {
    cachedSiteOfDevice,
    siteOfDevice(comId) {
      const hit = cachedSiteOfDevice(comId);
      if (hit !== undefined) return Promise.resolve(hit);
      return new Promise<DeviceSite | null>((resolve, reject) => {
        if (!wanted || !wantedFail) {
          const resolvers = new Map<string, ((v: DeviceSite | null) => void)[]>();
          const failers = new Map<string, ((err: unknown) => void)[]>();
          wanted = resolvers;
          wantedFail = failers;
          setImmediate(() => {
            wanted = null;
            wantedFail = null;
            const ids = [...resolvers.keys()];
            for (let i = 0; i < ids.length; i += 5000)
              void lookupDevices(ids.slice(i, i + 5000), resolvers, failers);
          });
        }
        wanted.set(comId, [...(wanted.get(comId) ?? []), resolve]);
        wantedFail.set(comId, [...(wantedFail.get(comId) ?? []), reject]);
      });
    },
    async get(siteUid) {
      return (await getMany([siteUid])).get(siteUid) ?? null;
    },
    getMany,
    forgetDevice(comId) {
      bump(deviceVersions, comId);
      devices.delete(comId);
    },
    invalidateDevices(match) {
      for (const [uid, runtime] of sites)
        if (runtime.site.comIds.some(match)) {
          bump(siteVersions, uid);
          sites.delete(uid);
        }
      for (const comId of devices.keys())
        if (match(comId)) {
          bump(deviceVersions, comId);
          devices.delete(comId);
        }
    },
    invalidate(siteUid) {
      if (siteUid === undefined) {
        allVersion += 1;
        siteVersions.clear();
        deviceVersions.clear();
        sites.clear();
        devices.clear();
        return;
      }
      bump(siteVersions, siteUid);
      sites.delete(siteUid);
      for (const [comId, d] of devices)
        if (d.value?.siteUid === siteUid || d.value === null) devices.delete(comId);
    },
  };
}

/** Reads sites and their state with one query per table; sites that do not exist are absent. */
export async function loadSites(
  db: Queryable,
  siteUids: readonly string[],
  pendingLatest?: SiteStoreOptions['pendingLatest'],
  interner?: SiteInterner,
): Promise<Map<string, Omit<SiteRuntime, 'loadedAt'>>> {
  const uids = [...new Set(siteUids)];
  const [siteRes, devs, pins, alarms, loads] = await Promise.all([
    db.query<SiteRow>(
      `select uid, company_id, tenants, settings, battery_max,
              case when jsonb_typeof(more_details->'fuel_tank_litres') = 'number'
                   then (more_details->>'fuel_tank_litres')::float8
                   when jsonb_typeof(more_details#>'{power,dg_tank_litres}') = 'number'
                   then (more_details#>>'{power,dg_tank_litres}')::float8 end as fuel_tank_litres
         from sites where uid = any($1::text[])`,
      [uids],
    ),
    db.query<DeviceRow>(
      'select site_uid, com_id, last_seen_at, online from devices where site_uid = any($1::text[]) order by com_id',
      [uids],
    ),
    db.query<PinConfigRow>(
      'select site_uid, com_id, pin_name, type, priority, tenant from pin_configs where site_uid = any($1::text[]) order by id',
      [uids],
    ),
    db.query<AlarmRow>(
      `select site_uid, alarm_id, tenant, is_normal, is_available, is_disable, raised_at, cleared_at, last_event_at,
              acknowledged_by, acknowledged_at, value from alarms where site_uid = any($1::text[])`,
      [uids],
    ),
    db.query<DcLoadRow>(
      'select site_uid, tenant, state from dc_load_state where site_uid = any($1::text[])',
      [uids],
    ),
  ]);
  // Latest values by primary key: the com_ids of these sites' devices and pin configs.
  const comIds = [...new Set([...devs.rows.map((d) => d.com_id), ...pins.rows.map((p) => p.com_id)])];
  const latest =
    comIds.length === 0
      ? []
      : (
          await db.query<LatestRow>(
            'select com_id, pin_name, value, ts from pin_latest where com_id = any($1::text[])',
            [comIds],
          )
        ).rows;
  return buildSiteRuntimes(
    {
      sites: siteRes.rows,
      devices: devs.rows,
      pins: pins.rows,
      alarms: alarms.rows,
      dcLoads: loads.rows,
      latest,
    },
    pendingLatest,
    interner,
  );
}
