-- The states a day's rollup ends with (issue 36, docs/requirements.md#daily-rollups): per site, view, day
-- and state event (and `off`: device offline), the tenants ('' for an event without tenant) whose last
-- transition at the day's end — within the report lookback of the next day's start — is active. A report's
-- partial days at its edges start from them (analytics-rolled.ts) instead of one index descent per site,
-- tenant and event. Null on rows rolled before this migration: those edges look their states up in events.
alter table site_daily
  add column if not exists mains_end_open text[],
  add column if not exists dg_end_open text[],
  add column if not exists pg_end_open text[],
  add column if not exists bat_end_open text[],
  add column if not exists hot_end_open text[],
  add column if not exists down_end_open text[],
  add column if not exists off_end_open text[];
