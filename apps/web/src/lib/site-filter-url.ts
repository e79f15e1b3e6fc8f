import { ROUTES, type SiteFilter } from '@towerwatch/domain';

/**
 * A site filter as carried in the /site/list URL: the spec's site filter entity (docs/requirements.md#site-filter:
 * type, id, expected, exists, minDuration, maxDuration) plus `value` for the dc_load property
 * (DOWN, NORMAL or OVER) and `tenant`. The dashboard tiles write it; the site list reads it, so a
 * filtered list is a shareable link.
 */
export interface SiteListFilter extends SiteFilter {
  value?: string;
}

const NUMBER_KEYS = ['minDuration', 'maxDuration'] as const;
const BOOLEAN_KEYS = ['expected', 'exists'] as const;

/** The query string (without '?') for a filter; keys in a fixed order. */
export function siteFilterToSearch(filter: SiteListFilter): string {
  const params = new URLSearchParams();
  params.set('type', filter.type);
  params.set('id', filter.id);
  for (const key of BOOLEAN_KEYS) if (filter[key] !== undefined) params.set(key, String(filter[key]));
  for (const key of NUMBER_KEYS) if (filter[key] !== undefined) params.set(key, String(filter[key]));
  if (filter.value) params.set('value', filter.value);
  if (filter.tenant) params.set('tenant', filter.tenant);
  return params.toString();
}

/** The /site/list link for a filter. */
export function siteListHref(filter: SiteListFilter | null): string {
  return filter ? `${ROUTES.siteList}?${siteFilterToSearch(filter)}` : ROUTES.siteList;
}

/** Reads a filter back from a query string; null when there is none or it is malformed. */
export function siteFilterFromSearch(search: string | URLSearchParams): SiteListFilter | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get('type');
  const id = params.get('id');
  if ((type !== 'alarm' && type !== 'property') || !id) return null;
  const filter: SiteListFilter = { type, id };
  for (const key of BOOLEAN_KEYS) {
    const raw = params.get(key);
    if (raw === 'true' || raw === 'false') filter[key] = raw === 'true';
  }
  for (const key of NUMBER_KEYS) {
    const raw = params.get(key);
    if (raw !== null && /^\d+$/.test(raw)) filter[key] = Number(raw);
  }
  const value = params.get('value');
  if (value) filter.value = value;
  const tenant = params.get('tenant');
  if (tenant) filter.tenant = tenant;
  return filter;
}
