-- Battery health history (docs/requirements.md#battery-health-history): per battery terminal pin and
-- hour, how many DC bus readings were at or below 42 V, at or below 52 V and at or above 56 V. The
-- hourly min/max rollup cannot tell how long a bank sat beyond a threshold; these counts can, so a
-- year of health history reads 8,760 small rows per pin. Filled by kernel/time-series/health-rollup.ts
-- with the jobs role (own watermark in job_state 'battery_health_hourly').
create table if not exists battery_health_hourly (
  com_id text not null,
  pin_name text not null,
  hour timestamptz not null,
  samples integer not null,
  le_42 integer not null,
  le_52 integer not null,
  ge_56 integer not null,
  primary key (com_id, pin_name, hour)
);
create index if not exists battery_health_hourly_hour_idx on battery_health_hourly (hour);
