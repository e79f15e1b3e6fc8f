/**
 * DC load states and the per-tenant load count (docs/requirements.md#load-count, docs/requirements.md#dc-load).
 */

/** DC load states: DOWN (no load), NORMAL, OVER (overload) (docs/requirements.md#dc-load). */
export const DC_LOAD_STATES = ['DOWN', 'NORMAL', 'OVER'] as const;
/** A DC load state. */
export type DcLoadState = (typeof DC_LOAD_STATES)[number];

/** Labels of DC load states, as on the dashboard tiles. */
export const DC_LOAD_LABELS: Readonly<Record<DcLoadState, string>> = {
  DOWN: 'No Load',
  NORMAL: 'Normal',
  OVER: 'Overload',
};

/** One dc_load entry of a site: a state per tenant (docs/requirements.md#dc-load). */
export interface DcLoadEntry {
  value: DcLoadState;
  tenant?: string | null;
}

/**
 * Default current limits that classify a tenant's DC load; a site may set its own
 * (`dc_no_load_current`, `dc_overload_current`). The spec gives none. Decision
 * (docs/decisions/dc-overload-default.md): below 1 A is no load, above 60 A is overload, as
 * docs/device-protocol.md and docs/operations.md document and the server has always applied.
 */
export const DEFAULT_DC_LOAD_LIMITS = { noLoadBelowAmps: 1, overLoadAboveAmps: 60 } as const;

/** True when `value` is a DC load state. */
export function isDcLoadState(value: unknown): value is DcLoadState {
  return typeof value === 'string' && (DC_LOAD_STATES as readonly string[]).includes(value);
}

/**
 * Classifies a DC load current: < noLoadBelowAmps → DOWN, > overLoadAboveAmps → OVER, else NORMAL.
 * A non-finite current is DOWN (no reading, no load seen).
 */
export function classifyDcLoad(
  amps: number,
  limits: { noLoadBelowAmps: number; overLoadAboveAmps: number } = DEFAULT_DC_LOAD_LIMITS,
): DcLoadState {
  if (!Number.isFinite(amps) || amps < limits.noLoadBelowAmps) return 'DOWN';
  if (amps > limits.overLoadAboveAmps) return 'OVER';
  return 'NORMAL';
}

/** Counts per DC load state. */
export type DcLoadStateCounts = Record<DcLoadState, number>;

/** loadCount of the dashboard: per tenant and total (docs/requirements.md#dashboard-counts). */
export interface LoadCount {
  total: DcLoadStateCounts;
  byTenant: Record<string, DcLoadStateCounts>;
}

/** An all-zero state count. */
export function emptyDcLoadStateCounts(): DcLoadStateCounts {
  return { DOWN: 0, NORMAL: 0, OVER: 0 };
}

/**
 * Builds the loadCount over sites' dc_load entries, counting only entries of `tenants` (the
 * allowed tenants; every listed tenant gets a zero row). Entries without a tenant count under
 * `fallbackTenant` (the first operator tenant rule of docs/requirements.md#tenant-rule).
 */
export function countDcLoad(
  entries: readonly DcLoadEntry[],
  tenants: readonly string[],
  fallbackTenant: string,
): LoadCount {
  const byTenant: Record<string, DcLoadStateCounts> = {};
  for (const tenant of tenants) byTenant[tenant] = emptyDcLoadStateCounts();
  const total = emptyDcLoadStateCounts();
  for (const entry of entries) {
    const row = byTenant[entry.tenant || fallbackTenant];
    if (!row || !isDcLoadState(entry.value)) continue;
    row[entry.value] += 1;
    total[entry.value] += 1;
  }
  return { total, byTenant };
}
