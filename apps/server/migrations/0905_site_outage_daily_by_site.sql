-- The SLA's rolled days per site (issue 36, outage-read.ts rolledPieces): each site's days of one
-- tenant as one index-only range. The primary key leads with the day: a batch of 10,000 sites over a
-- month read the table from end to end (a parallel scan of every row, 0.5–1.3 s per tenant and batch on
-- the full-size benchmark's data). About the table's size; on an existing national database the build
-- takes minutes and holds writes to the table meanwhile: migrate outside the rollup's hour.
create index if not exists site_outage_daily_site_tenant_day_idx on site_outage_daily (site_uid, tenant, day)
  include (gap_ms, down_ms, outages, unsettled, mains_failure_ms, dg_failure_ms, battery_exhausted_ms, other_ms);
