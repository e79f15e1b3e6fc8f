-- The tenant SLA's daily rollup (issue 36, docs/decisions/sla-from-daily-rollups.md), kept by the jobs
-- role with site_daily: per site, tenant of the site and Asia/Dhaka day, the gap (device offline,
-- before the first record), the outages that lie wholly in the day with their down time outside gaps
-- by cause (domain SLA_CAUSES), and whether a down period's cause depends on time outside the day
-- (`unsettled`: running in at the start or out at the end, or a mains failure running in): the SLA
-- computes such a site from raw events. Every site has a row per tenant and rolled day.
create table if not exists site_outage_daily (
  site_uid text not null,
  day date not null,
  tenant text not null,
  gap_ms double precision not null default 0,
  down_ms double precision not null default 0,
  outages integer not null default 0,
  mains_failure_ms double precision not null default 0,
  dg_failure_ms double precision not null default 0,
  battery_exhausted_ms double precision not null default 0,
  other_ms double precision not null default 0,
  unsettled boolean not null default false,
  primary key (day, tenant, site_uid)
);

-- The days already rolled have no outage rows: roll every day again (the jobs role starts over
-- DAILY_ROLLUP_BACKFILL_DAYS back, DAILY_ROLLUP_DAYS_PER_RUN a run; the reports read raw events until
-- then).
delete from job_state where name = 'site_daily';
