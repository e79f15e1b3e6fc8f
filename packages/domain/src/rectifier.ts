/**
 * Rectifiers: types and counted vendors (docs/requirements.md#entities; docs/requirements.md#oem, docs/requirements.md#rectifier-types).
 */

/** Rectifier types (docs/requirements.md#rectifier-types). */
export const RECTIFIER_TYPES = ['vertiv', 'sarbs', 'eltek', 'jvolt'] as const;
/** A rectifier type. */
export type RectifierType = (typeof RECTIFIER_TYPES)[number];

/** Rectifier vendors counted in site counts (docs/requirements.md#rectifier-types). jvolt is not counted. */
export const RECTIFIER_VENDORS_COUNTED = [
  'sarbs',
  'vertiv',
  'eltek',
] as const satisfies readonly RectifierType[];

/** True when `value` is a rectifier type. */
export function isRectifierType(value: unknown): value is RectifierType {
  return typeof value === 'string' && (RECTIFIER_TYPES as readonly string[]).includes(value);
}

/**
 * Counts sites per counted vendor, looking at both rectifier_type and rectifier_type_2. Decision: a
 * site with the same vendor in both slots counts once for it.
 */
export function countRectifierVendors(
  sites: readonly { rectifier_type?: string | null; rectifier_type_2?: string | null }[],
): Record<(typeof RECTIFIER_VENDORS_COUNTED)[number], number> {
  const counts = { sarbs: 0, vertiv: 0, eltek: 0 };
  for (const site of sites) {
    const types = new Set([site.rectifier_type, site.rectifier_type_2]);
    for (const vendor of RECTIFIER_VENDORS_COUNTED) if (types.has(vendor)) counts[vendor] += 1;
  }
  return counts;
}
