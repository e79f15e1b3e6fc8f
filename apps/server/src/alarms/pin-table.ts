/**
 * Compact pin state of a site. A {@link PinLayout} is what sites with the same pin configs share: the
 * slot of each configured (device position, pin name) and, per config, its slot. A {@link PinTable}
 * keeps one site's runtime values in one Float64Array (value and epoch-ms time per slot, NaN =
 * null), plus a small map for readings of pins that have no config. Replaces a `Map` of
 * `{ value, ts: Date }` objects keyed by `com_id/pin` strings (memory per site and garbage per
 * reading, docs/decisions/compact-site-state.md).
 */
import { initialPinStatus } from '@towerwatch/domain';

/** A pin config as the engine needs it (contract PinConfig, camelCased). */
export interface EnginePin {
  comId: string;
  pinName: string;
  type: string;
  priority: string | null;
  tenant: string | null;
}

/** Runtime value of a pin; `ts` null = never read (still the initial value of docs/requirements.md#pin-status). */
export interface PinRuntime {
  value: number | null;
  ts: Date | null;
}

/** Slots of a pin configuration, independent of the com_ids (shared by every site wired alike). */
export interface PinLayout {
  /** Per device position: pin name → slot. */
  readonly slotOf: readonly ReadonlyMap<string, number>[];
  /** Per slot: indexes (into the site's pins) of its configs. */
  readonly configsOf: readonly (readonly number[])[];
  /** Per config: its slot. */
  readonly pinSlot: Int32Array;
  /** Per slot: the initial value (type of its first config). */
  readonly initial: readonly (number | null)[];
}

/** A site's pins bound to their layout: device position i has com_id `comIds[i]`. */
export interface PinIndex {
  readonly pins: readonly EnginePin[];
  readonly comIds: readonly string[];
  readonly layout: PinLayout;
}

/** Shares layouts between sites (owned by the site store; bounded). */
export interface LayoutCache {
  layouts: Map<string, PinLayout>;
}

const MAX_LAYOUTS = 10_000;

export function createLayoutCache(): LayoutCache {
  return { layouts: new Map() };
}

/** Builds (or takes from `cache`) the layout of `pins` and binds it to their com_ids. */
export function buildPinIndex(pins: readonly EnginePin[], cache?: LayoutCache): PinIndex {
  const comIds: string[] = [];
  const positions: number[] = [];
  let signature = '';
  for (const p of pins) {
    let d = comIds.indexOf(p.comId);
    if (d < 0) d = comIds.push(p.comId) - 1;
    positions.push(d);
    signature += `${d}\u0001${p.pinName}\u0001${p.type}\u0001${p.priority ?? '\u0002'}\u0001${p.tenant ?? '\u0002'}\u0003`;
  }
  let layout = cache?.layouts.get(signature);
  if (!layout) {
    layout = buildLayout(pins, positions, comIds.length);
    if (cache && cache.layouts.size < MAX_LAYOUTS) cache.layouts.set(signature, layout);
  }
  return { pins, comIds, layout };
}

function buildLayout(pins: readonly EnginePin[], positions: number[], devices: number): PinLayout {
  const slotOf = Array.from({ length: devices }, () => new Map<string, number>());
  const configsOf: number[][] = [];
  const initial: (number | null)[] = [];
  const pinSlot = new Int32Array(pins.length);
  pins.forEach((p, i) => {
    const bySlot = slotOf[positions[i] as number] as Map<string, number>;
    let slot = bySlot.get(p.pinName);
    if (slot === undefined) {
      slot = configsOf.push([]) - 1;
      bySlot.set(p.pinName, slot);
      initial.push(initialPinStatus(p.type));
    }
    (configsOf[slot] as number[]).push(i);
    pinSlot[i] = slot;
  });
  return { slotOf, configsOf, pinSlot, initial };
}

/** The site's pin table, moved to the site's current index first when its pin configs were replaced. */
export function pinTableOf(site: { pins: EnginePin[]; pinIndex?: PinIndex }, table: PinTable): PinTable {
  const index = pinIndexOf(site);
  if (table.index !== index) table.relayout(index);
  return table;
}

/** Index of `site` (cached on the site; rebuilt when its pins array is replaced). */
export function pinIndexOf(site: { pins: EnginePin[]; pinIndex?: PinIndex }): PinIndex {
  const index = site.pinIndex;
  if (index && index.pins === site.pins) return index;
  site.pinIndex = buildPinIndex(site.pins);
  return site.pinIndex;
}

const toTime = (ms: number): Date | null => (Number.isNaN(ms) ? null : new Date(ms));
const toValue = (v: number): number | null => (Number.isNaN(v) ? null : v);

/** Runtime values of one site's pins; `get`/`set` by `com_id/pin` key stay for callers off the hot path. */
export class PinTable {
  index: PinIndex;
  /** [value, time] per slot; NaN = null. */
  private cells: Float64Array;
  /** Readings of pins without a config, by `com_id/pin`. */
  private extra: Map<string, PinRuntime> | undefined;

  constructor(index: PinIndex) {
    this.index = index;
    const { initial } = index.layout;
    this.cells = new Float64Array(initial.length * 2).fill(Number.NaN);
    initial.forEach((v, slot) => {
      if (v !== null) this.cells[slot * 2] = v;
    });
  }

  /** Slot of a configured pin, or -1. */
  slot(comId: string, pinName: string): number {
    const { comIds, layout } = this.index;
    const d = comIds.length === 1 ? (comIds[0] === comId ? 0 : -1) : comIds.indexOf(comId);
    return d < 0 ? -1 : (layout.slotOf[d]?.get(pinName) ?? -1);
  }

  /** Value of a slot (NaN = null). */
  valueAt(slot: number): number {
    return this.cells[slot * 2] as number;
  }

  /** Time (epoch ms) of a slot's value; NaN = never read. */
  timeAt(slot: number): number {
    return this.cells[slot * 2 + 1] as number;
  }

  setAt(slot: number, value: number | null, timeMs: number | null): void {
    this.cells[slot * 2] = value ?? Number.NaN;
    this.cells[slot * 2 + 1] = timeMs ?? Number.NaN;
  }

  /** Value of the pin at `key` (`com_id/pin`), or undefined when it was never set or configured. */
  get(key: string): PinRuntime | undefined {
    const slot = this.slotOfKey(key);
    if (slot < 0) return this.extra?.get(key);
    return { value: toValue(this.valueAt(slot)), ts: toTime(this.timeAt(slot)) };
  }

  set(key: string, rt: PinRuntime): void {
    const slot = this.slotOfKey(key);
    if (slot >= 0) this.setAt(slot, rt.value, rt.ts?.getTime() ?? null);
    else {
      this.extra ??= new Map();
      this.extra.set(key, { value: rt.value, ts: rt.ts });
    }
  }

  /** A pin without a config (by com_id and name): its stored runtime, if any. */
  unconfigured(comId: string, pinName: string): PinRuntime | undefined {
    return this.extra?.get(`${comId}/${pinName}`);
  }

  /** Value of a pin without building its key or runtime object (`get(key)?.value`). */
  valueOf(comId: string, pinName: string): number | null | undefined {
    const slot = this.slot(comId, pinName);
    return slot < 0 ? this.unconfigured(comId, pinName)?.value : toValue(this.valueAt(slot));
  }

  /** Value of the site's `i`-th pin config once read (NaN when never read or null). */
  readValueOfPin(i: number): number {
    const slot = this.index.layout.pinSlot[i] as number;
    return Number.isNaN(this.timeAt(slot)) ? Number.NaN : this.valueAt(slot);
  }

  /** True when a config of `slot` has pin type `type`. */
  slotHasType(slot: number, type: string): boolean {
    const { pins, layout } = this.index;
    for (const i of layout.configsOf[slot] ?? []) if (pins[i]?.type === type) return true;
    return false;
  }

  /** The site's configs of `slot` (one per tenant). */
  configsAt(slot: number): EnginePin[] {
    const { pins, layout } = this.index;
    return (layout.configsOf[slot] ?? []).map((i) => pins[i] as EnginePin);
  }

  /** Moves the values to a new index (the site's pin configs changed); values of dropped pins are kept by key. */
  relayout(index: PinIndex): void {
    const old = this.index;
    const cells = this.cells;
    const extra = this.extra;
    this.index = index;
    this.extra = undefined;
    const { initial } = index.layout;
    this.cells = new Float64Array(initial.length * 2).fill(Number.NaN);
    initial.forEach((v, slot) => {
      if (v !== null) this.cells[slot * 2] = v;
    });
    for (const [key, rt] of extra ?? []) this.set(key, rt);
    old.layout.slotOf.forEach((names, d) => {
      for (const [pinName, slot] of names) {
        const time = cells[slot * 2 + 1] as number;
        if (Number.isNaN(time)) continue;
        this.set(`${old.comIds[d]}/${pinName}`, {
          value: toValue(cells[slot * 2] as number),
          ts: new Date(time),
        });
      }
    });
  }

  private slotOfKey(key: string): number {
    const cut = key.indexOf('/');
    return cut < 0 ? -1 : this.slot(key.slice(0, cut), key.slice(cut + 1));
  }
}
