/**
 * What this feature offers other features, on purpose: the bundled base map (no network), used by
 * the administration's map picker.
 */
export { BANGLADESH_BOUNDS, BASE_MAP, DIVISION_LABELS } from './base-map.ts';
