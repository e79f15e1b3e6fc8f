-- The daily rollup of the two one-site availability calls (issue 36,
-- docs/decisions/availability-from-daily-rollups.md), kept by the jobs role with site_daily (same days,
-- same late-data recomputation), figures of the domain's availability-days.ts:
-- per site and Asia/Dhaka day the gap and the down time outside it (site_down_history); a row on every
-- rolled day (a site-day without one is computed from raw events).
create table if not exists site_availability_daily (
  site_uid text not null,
  day date not null,
  gap_ms double precision not null default 0,
  down_ms double precision not null default 0,
  primary key (site_uid, day)
);

-- Per site, day and event tenant (mains is reported per tenant; the call takes the worst visible one):
-- mains off outside gaps, outages begun after the day's start, and one begun exactly at it. Only
-- tenants with mains off that day.
create table if not exists mains_tenant_daily (
  site_uid text not null,
  day date not null,
  tenant text not null,
  off_ms double precision not null default 0,
  outages integer not null default 0,
  starts_at_day_start boolean not null default false,
  primary key (site_uid, day, tenant)
);

-- Per site, day and tenant view (the domain's rollupViews: on-battery periods of the visible tenants
-- are united): on battery and down while on battery, outside gaps. Only views with time on battery.
create table if not exists battery_view_daily (
  site_uid text not null,
  day date not null,
  view text not null,
  on_ms double precision not null default 0,
  down_on_ms double precision not null default 0,
  primary key (site_uid, day, view)
);

-- The days already rolled have no availability rows: roll every day again (the jobs role starts over
-- DAILY_ROLLUP_BACKFILL_DAYS back, DAILY_ROLLUP_DAYS_PER_RUN a run; until then raw events answer).
delete from job_state where name = 'site_daily';
