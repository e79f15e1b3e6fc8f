-- The event states each rolled day ends with (issue 36, docs/requirements.md#daily-rollups), for every
-- event name a rollup reads (daily-rollup.ts START_NAMES: the reports' states, the gaps', the SLA's):
-- per site and Asia/Dhaka day, the name, tenant ('' for none) and time of each last transition at the
-- day's end that is active, within the longest state lookback of the day's start (parallel arrays; a
-- site with nothing active has empty arrays). A report's partial day after its rolled days (the SLA's
-- today) starts from them instead of one index descent per site, tenant and event name. Days rolled
-- before this migration have no rows: those edges look their states up in events.
create table if not exists site_day_ends (
  day date not null,
  site_uid text not null,
  names text[] not null,
  tenants text[] not null,
  times timestamptz[] not null,
  primary key (day, site_uid)
);
