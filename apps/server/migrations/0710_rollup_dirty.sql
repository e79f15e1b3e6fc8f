-- Late data (issue 36, docs/requirements.md#late-data): what the rollups must recompute. Ingest writes
-- these rows in the same statement as the late rows themselves; the jobs role recomputes exactly the
-- marked hours and days on its next run and deletes the marks in the same transaction.

-- An hour of a device's telemetry that received a reading after it was over (hourly rollups:
-- telemetry_hourly, battery_health_hourly).
create table if not exists telemetry_dirty_hours (
  com_id text not null,
  hour timestamptz not null,
  primary key (com_id, hour)
);

-- A site's Asia/Dhaka day that received an event after it was over: that day and every later day up
-- to the last complete one are recomputed (an event changes the state until the next transition).
create table if not exists site_dirty_days (
  site_uid text not null,
  day date not null,
  primary key (site_uid, day)
);
