-- Covering indexes of the reports' per-batch reads (issue 36; docs/performance.md "Reports (daily
-- rollups)"). A batch of 1,000 sites read its rolled days through site_daily's primary key (day, view,
-- site_uid), i.e. every site's rows of the days, and each pin's days from pin_daily's heap, one page
-- a day; its pins from a scan of pin_configs. These answer each read from the index alone (after
-- vacuum, which autovacuum does for these insert-mostly tables): one leaf page per site or pin and month.
-- The site_daily index holds the states the four reports read (not site_down: the SLA's); it is about
-- the size of the table. On an existing national database the builds take minutes (13 months of
-- site_daily: ~10 GB) and hold writes to these tables meanwhile: migrate outside the rollup's hour.
create index if not exists site_daily_view_site_day_idx on site_daily (view, site_uid, day)
  include (gap_ms,
           mains_ms, mains_gap_ms, mains_starts, mains_lead, mains_open,
           dg_ms, dg_gap_ms, dg_starts, dg_lead, dg_open,
           pg_ms, pg_gap_ms, pg_starts, pg_lead, pg_open,
           bat_ms, bat_gap_ms, bat_starts, bat_lead, bat_open,
           hot_ms, hot_gap_ms, hot_starts, hot_lead, hot_open);
create index if not exists pin_daily_pin_day_cover_idx on pin_daily (com_id, pin_name, day)
  include (min, max, sum, count, le_42);
drop index if exists pin_daily_pin_day_idx;
create index if not exists pin_configs_site_type_idx on pin_configs (site_uid, type)
  include (com_id, pin_name, tenant);
