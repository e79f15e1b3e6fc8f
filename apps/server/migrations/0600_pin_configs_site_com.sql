-- The site list's `devices` (site.repository.ts DEVICES_ARRAY: a site's com ids from its devices and
-- its pin configs) read ~24 pin config rows per site from the heap for one column. With com_id in the
-- index they come from an index-only scan (docs/performance.md, site list: the devices array of a
-- 1,000-site page 11 → 8 ms). The new index serves every lookup by site_uid the old one served.
create index if not exists pin_configs_site_com_idx on pin_configs (site_uid, com_id);
drop index if exists pin_configs_site_idx;
