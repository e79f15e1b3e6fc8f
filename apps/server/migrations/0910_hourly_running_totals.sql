-- Running totals of each pin's hourly rollups (issue 36; kernel/time-series/running-totals.ts): per row,
-- the sum and count of the pin's earlier hourly rows. A pin's mean over any window is then two index
-- look-ups (its first and last row in the window) instead of a read of every hour or day in it: the
-- DG and battery reports' DC means over 50,000 sites read each pin's month hour by hour before.
-- Null until computed: the hourly rollup computes them for the hours it adds, the jobs role fills the
-- rows left without (rows of before this migration, rows other writers add) device by device through
-- the partial index, and a reader falls back to the pin's rows where a total is missing.
alter table telemetry_hourly
  add column if not exists run_sum double precision,
  add column if not exists run_count bigint;
create index if not exists telemetry_hourly_run_missing_idx on telemetry_hourly (com_id) where run_sum is null;
