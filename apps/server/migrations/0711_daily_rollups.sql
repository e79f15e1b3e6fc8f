-- Daily rollups (issue 36, docs/requirements.md#daily-rollups), kept by the jobs role and read by the
-- analytics reports for whole Asia/Dhaka days (raw events only for the partial days at the edges).

-- Per site, tenant view and day: the gap (device offline, before the first record) and, per state
-- event (mains_fail, dg_power, pg_power, battery_power, high_temperature, site_down; the domain's
-- DAILY_STATE_EVENTS), active ms, active ms inside gaps, starts after the day's start, and whether a
-- period is active at the day's start (lead) and end (open). `view` = the allowed tenants the events
-- were read with (sorted, comma-joined: the domain's rollupViews). Every site has a row per rolled day.
create table if not exists site_daily (
  site_uid text not null,
  day date not null,
  view text not null,
  gap_ms double precision not null default 0,
  mains_ms double precision not null default 0,
  mains_gap_ms double precision not null default 0,
  mains_starts integer not null default 0,
  mains_lead boolean not null default false,
  mains_open boolean not null default false,
  dg_ms double precision not null default 0,
  dg_gap_ms double precision not null default 0,
  dg_starts integer not null default 0,
  dg_lead boolean not null default false,
  dg_open boolean not null default false,
  pg_ms double precision not null default 0,
  pg_gap_ms double precision not null default 0,
  pg_starts integer not null default 0,
  pg_lead boolean not null default false,
  pg_open boolean not null default false,
  bat_ms double precision not null default 0,
  bat_gap_ms double precision not null default 0,
  bat_starts integer not null default 0,
  bat_lead boolean not null default false,
  bat_open boolean not null default false,
  hot_ms double precision not null default 0,
  hot_gap_ms double precision not null default 0,
  hot_starts integer not null default 0,
  hot_lead boolean not null default false,
  hot_open boolean not null default false,
  down_ms double precision not null default 0,
  down_gap_ms double precision not null default 0,
  down_starts integer not null default 0,
  down_lead boolean not null default false,
  down_open boolean not null default false,
  primary key (day, view, site_uid)
);
create index if not exists site_daily_site_idx on site_daily (site_uid, day);

-- Per device pin and day: min, max, sum and count of the hourly rollups (telemetry_hourly) and the
-- readings at or below 42 V (battery_health_hourly), so a month of a fleet reads 30 rows per pin.
create table if not exists pin_daily (
  com_id text not null,
  pin_name text not null,
  day date not null,
  min double precision not null,
  max double precision not null,
  sum double precision not null,
  count bigint not null,
  le_42 integer,
  primary key (day, com_id, pin_name)
);
