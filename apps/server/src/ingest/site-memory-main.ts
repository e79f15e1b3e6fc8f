/**
 * Heap profile of the ingest's site state cache (issue 20): fills a real site store for N demo-fleet
 * sites (`buildDemoFleet`, one RMS controller and ~20 pin configs per site) the way the ingest does —
 * the store's own queries, answered from the fleet's rows with fresh strings and dates per row as pg
 * returns them — runs the benchmark's warm-up reading through the alarm engine for every device (alarm
 * states created) and reports the heap growth per site after a full GC. With `--snapshot`
 * it also writes a heap snapshot before and after and prints the growth by constructor.
 *
 * Run by `bench/src/site-state-memory.ts`: `node --expose-gc --import tsx site-memory-main.ts
 * <sites> [--snapshot]`; prints one JSON line on stdout.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { buildDemoFleet, NORMAL_ANALOG, NORMAL_DIGITAL } from '@towerwatch/fleet';
import { evaluate } from '../alarms/engine.ts';
import type { Queryable } from '../db/pool.ts';
import { createSiteStore } from './site-store.ts';

/** The benchmark publisher's normal readings (@towerwatch/fleet), at their base values. */
const READINGS: readonly [string, number][] = [
  ...NORMAL_ANALOG.map(([pin, base]): [string, number] => [pin, base]),
  ...NORMAL_DIGITAL,
];

/** A new copy of a string, as pg decodes one per row. */
const fresh = (s: string): string => Buffer.from(s).toString();

type Rows = Record<string, unknown>[];

/** Answers the site store's queries from in-memory rows (matched by the table they read). */
function fleetDb(sites: number): { db: Queryable; drop(): void } {
  const fleet = buildDemoFleet({ sites });
  let data: { sites: Rows; devices: Rows; pins: Rows } | null = {
    sites: fleet.sites.map((s) => ({
      uid: s.uid,
      company_id: s.company,
      tenants: s.tenants,
      settings: {},
      battery_max: s.battery_max,
      fuel_tank_litres: s.power.dg_tank_litres,
    })),
    devices: fleet.devices.map((d) => ({ site_uid: d.site_uid, com_id: d.com_id, online: false })),
    pins: fleet.pinConfigs.map((p) => ({ ...p, priority: p.priority ?? null, tenant: p.tenant ?? null })),
  };
  const pick = (rows: Rows, key: string, wanted: unknown) => {
    const set = new Set(wanted as string[]);
    // Fresh objects, strings and dates per row, like pg.
    return rows
      .filter((r) => set.has(r[key] as string))
      .map((r) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(r))
          out[k] = typeof v === 'string' ? fresh(v) : Array.isArray(v) ? v.map((x) => fresh(String(x))) : v;
        if ('online' in r) out.last_seen_at = null;
        return out;
      });
  };
  const query = async (sql: string, params: unknown[]) => {
    if (!data) throw new Error('rows dropped');
    const [ids] = params;
    let rows: Rows = [];
    if (/from sites\b/.test(sql)) rows = pick(data.sites, 'uid', ids);
    else if (/from devices where com_id/.test(sql)) rows = pick(data.devices, 'com_id', ids);
    else if (/from devices\b/.test(sql)) rows = pick(data.devices, 'site_uid', ids);
    else if (/from pin_configs\b/.test(sql)) rows = pick(data.pins, 'site_uid', ids);
    return { rows, rowCount: rows.length };
  };
  return {
    db: { query } as unknown as Queryable,
    drop() {
      data = null;
    },
  };
}

function gcNow(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
}

function heapBytes(): number {
  gcNow();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** Self size and count per constructor (strings, arrays, code, … by their snapshot type). */
function summarise(file: string): Map<string, { count: number; bytes: number }> {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + (typeAt as number)] as number] ?? '?';
    const name =
      type === 'object' || type === 'native'
        ? snap.strings[snap.nodes[i + (nameAt as number)] as number]
        : `(${type})`;
    const key = name ?? type;
    const e = out.get(key) ?? { count: 0, bytes: 0 };
    e.count += 1;
    e.bytes += snap.nodes[i + (sizeAt as number)] as number;
    out.set(key, e);
  }
  return out;
}

async function main(): Promise<void> {
  const sites = Number(process.argv[2] ?? 1000);
  const snapshot = process.argv.includes('--snapshot');
  const { db, drop } = fleetDb(sites);
  const fleet = buildDemoFleet({ sites });
  const uids = fleet.sites.map((s) => s.uid);
  const comIds = fleet.devices.map((d) => d.com_id);
  const before = heapBytes();
  const snapDir = path.join(tmpdir(), `site-memory-${process.pid}`);
  const snapBefore = snapshot ? writeHeapSnapshot(`${snapDir}-before.heapsnapshot`) : '';

  const store = createSiteStore(db);
  const started = performance.now();
  await Promise.all(comIds.map((c) => store.siteOfDevice(c)));
  const runtimes = await store.getMany(uids);
  const loadMs = performance.now() - started;
  // The warm-up: one normal message per device, then a second one a minute later.
  const evalStarted = performance.now();
  let evaluations = 0;
  for (const minute of [0, 1]) {
    const time = new Date(Date.UTC(2026, 10, 24, 12, minute));
    for (const d of fleet.devices) {
      const rt = runtimes.get(d.site_uid);
      if (!rt) continue;
      const readings = READINGS.map(([pin, value]) => ({ pin, value: value + (minute % 2) * 0.1 }));
      evaluate(rt.site, rt.state, { kind: 'pins', comId: d.com_id, time, receivedAt: time, readings });
      evaluations += 1;
    }
  }
  const evalMs = performance.now() - evalStarted;
  const after = heapBytes();
  drop();
  const alarms = [...runtimes.values()].reduce((n, r) => n + (r?.state.alarms.size ?? 0), 0);
  let byConstructor: { name: string; count: number; bytesPerSite: number }[] = [];
  if (snapshot) {
    const snapAfter = writeHeapSnapshot(`${snapDir}-after.heapsnapshot`);
    const a = summarise(snapBefore);
    const b = summarise(snapAfter);
    byConstructor = [...b]
      .map(([name, v]) => ({
        name,
        count: v.count - (a.get(name)?.count ?? 0),
        bytesPerSite: Math.round((v.bytes - (a.get(name)?.bytes ?? 0)) / sites),
      }))
      .sort((x, y) => y.bytesPerSite - x.bytesPerSite)
      .slice(0, 20);
    rmSync(snapBefore, { force: true });
    rmSync(snapAfter, { force: true });
  }
  const result = {
    sites,
    pinConfigsPerSite: fleet.pinConfigs.length / sites,
    alarmsPerSite: alarms / sites,
    heapBytesPerSite: Math.round((after - before) / sites),
    projected50kMB: Math.round((((after - before) / sites) * 50_000) / 1e6),
    loadMs: Math.round(loadMs),
    evaluateUsPerMessage: Math.round((evalMs * 1000) / Math.max(1, evaluations)),
    byConstructor,
  };
  // Keep the store alive until measured.
  if (runtimes.size < 0) console.log(store);
  console.log(JSON.stringify(result));
}

void main();
