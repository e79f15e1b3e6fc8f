/**
 * A site's alarm states in two flat arrays instead of a Map of objects: the ingest keeps the state of
 * every site in memory (~21 alarms per site, 50,000 sites), and as objects with Dates in a Map they were
 * ~40 % of the site state's heap and most of what a major collection marks (docs/performance.md "Where
 * the time goes now"; docs/decisions/compact-site-state.md).
 *
 * Per alarm: its key's id (a number shared by every site, see {@link keyIdOf}) in `ids`, and six doubles
 * in `cells` — flags, raised, cleared, last event, acknowledged (epoch ms; NaN = null) and value (NaN =
 * null). Both are plain arrays sized exactly (a double-only array is stored unboxed, with no pointers for
 * the collector to follow); `acknowledgedBy` is an array only while some alarm of the site has one.
 *
 * `get` and `values` return copies: the engine changes an alarm through `set`.
 */
/** One alarm of a site for one tenant ('' = no tenant), as stored in `alarms`. */
export interface AlarmState {
  alarmId: string;
  tenant: string;
  isNormal: boolean;
  isAvailable: boolean;
  isDisable: boolean;
  raisedAt: Date | null;
  clearedAt: Date | null;
  lastEventAt: Date | null;
  acknowledgedBy: string | null;
  acknowledgedAt: Date | null;
  value: number | null;
}

const STRIDE = 6;
const FLAGS = 0;
const RAISED = 1;
const CLEARED = 2;
const LAST_EVENT = 3;
const ACKNOWLEDGED = 4;
const VALUE = 5;

const NORMAL = 1;
const AVAILABLE = 2;
const DISABLE = 4;

/** Ids of alarm keys (alarm id × tenant), shared by every site; few (alarm ids × tenants). */
const idOfKey = new Map<string, number>();
const partsOfId: { alarmId: string; tenant: string }[] = [];

function keyIdOf(key: string, alarmId: string, tenant: string): number {
  let id = idOfKey.get(key);
  if (id === undefined) {
    id = partsOfId.length;
    idOfKey.set(key, id);
    partsOfId.push({ alarmId, tenant });
  }
  return id;
}

const toMs = (d: Date | null): number => (d === null ? Number.NaN : d.getTime());
const toDate = (ms: number): Date | null => (Number.isNaN(ms) ? null : new Date(ms));

export class AlarmTable {
  private ids: number[] = [];
  private cells: number[] = [];
  private ackBy: (string | null)[] | null = null;

  get size(): number {
    return this.ids.length;
  }

  private slotOf(key: string): number {
    const id = idOfKey.get(key);
    return id === undefined ? -1 : this.ids.indexOf(id);
  }

  /** A copy of the alarm at `key` (from `alarmKey`), or undefined. */
  get(key: string): AlarmState | undefined {
    const slot = this.slotOf(key);
    return slot < 0 ? undefined : this.at(slot);
  }

  /** The alarm at `key` is present and not normal (no copy made). */
  isRaised(key: string): boolean {
    const slot = this.slotOf(key);
    return slot >= 0 && ((this.cells[slot * STRIDE + FLAGS] as number) & NORMAL) === 0;
  }

  /** The alarm at `key` is present with these flags (the engine's "nothing to change"). */
  isSettled(key: string, isNormal: boolean, isDisable: boolean): boolean {
    const slot = this.slotOf(key);
    if (slot < 0) return false;
    const flags = this.cells[slot * STRIDE + FLAGS] as number;
    return ((flags & NORMAL) !== 0) === isNormal && ((flags & DISABLE) !== 0) === isDisable;
  }

  /** Stores `alarm` at `key` (its alarm id and tenant must be the key's). */
  set(key: string, alarm: AlarmState): void {
    let slot = this.slotOf(key);
    if (slot < 0) slot = this.append(keyIdOf(key, alarm.alarmId, alarm.tenant));
    const c = this.cells;
    const base = slot * STRIDE;
    c[base + FLAGS] =
      (alarm.isNormal ? NORMAL : 0) | (alarm.isAvailable ? AVAILABLE : 0) | (alarm.isDisable ? DISABLE : 0);
    c[base + RAISED] = toMs(alarm.raisedAt);
    c[base + CLEARED] = toMs(alarm.clearedAt);
    c[base + LAST_EVENT] = toMs(alarm.lastEventAt);
    c[base + ACKNOWLEDGED] = toMs(alarm.acknowledgedAt);
    c[base + VALUE] = alarm.value ?? Number.NaN;
    if (alarm.acknowledgedBy !== null) {
      this.ackBy ??= new Array<string | null>(this.ids.length).fill(null);
      this.ackBy[slot] = alarm.acknowledgedBy;
    } else if (this.ackBy !== null) {
      this.ackBy[slot] = null;
      if (this.ackBy.every((a) => a === null)) this.ackBy = null;
    }
  }

  /** Copies of every alarm, in the order they were added. */
  *values(): IterableIterator<AlarmState> {
    for (let slot = 0; slot < this.ids.length; slot++) yield this.at(slot);
  }

  private at(slot: number): AlarmState {
    const c = this.cells;
    const base = slot * STRIDE;
    const flags = c[base + FLAGS] as number;
    const value = c[base + VALUE] as number;
    const { alarmId, tenant } = partsOfId[this.ids[slot] as number] as { alarmId: string; tenant: string };
    return {
      alarmId,
      tenant,
      isNormal: (flags & NORMAL) !== 0,
      isAvailable: (flags & AVAILABLE) !== 0,
      isDisable: (flags & DISABLE) !== 0,
      raisedAt: toDate(c[base + RAISED] as number),
      clearedAt: toDate(c[base + CLEARED] as number),
      lastEventAt: toDate(c[base + LAST_EVENT] as number),
      acknowledgedBy: this.ackBy?.[slot] ?? null,
      acknowledgedAt: toDate(c[base + ACKNOWLEDGED] as number),
      value: Number.isNaN(value) ? null : value,
    };
  }

  /** A new slot for key `id`; the arrays are replaced by ones one alarm longer (no spare capacity). */
  private append(id: number): number {
    const slot = this.ids.length;
    const ids = new Array<number>(slot + 1);
    for (let i = 0; i < slot; i++) ids[i] = this.ids[i] as number;
    ids[slot] = id;
    const cells = new Array<number>((slot + 1) * STRIDE);
    for (let i = 0; i < slot * STRIDE; i++) cells[i] = this.cells[i] as number;
    for (let i = slot * STRIDE; i < cells.length; i++) cells[i] = Number.NaN;
    this.ids = ids;
    this.cells = cells;
    if (this.ackBy !== null) this.ackBy.push(null);
    return slot;
  }
}
