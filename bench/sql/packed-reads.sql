-- Reads of packed telemetry days against the same raw days (issue 36; docs/performance.md
-- "Reads of compressed history"). In a schema of its own (dropped at the end): the production tables
-- (migration 0301's `telemetry`, migration 0820), `:devices` devices kept raw (r00…) and as many packed
-- (p00…) with the same kind of readings (20 pins a message, one message a minute, 2-decimal jitter),
-- `:days` Dhaka days from 2026-11-20. Each read runs `:runs` times in the server (no client transfer);
-- the median and the fastest run are reported, with the decoder of migration 0820 ("0820") and then
-- with migration 0840 applied ("0840"), raw and packed.
--
--   psql -h 127.0.0.1 -U postgres -d test -v devices=30 -v days=8 -v runs=5 -f bench/sql/packed-reads.sql
\set ON_ERROR_STOP 1
\if :{?devices} \else \set devices 30 \endif
\if :{?days} \else \set days 8 \endif
\if :{?runs} \else \set runs 5 \endif
set client_min_messages = warning;
drop schema if exists bench_packed_reads cascade;
create schema bench_packed_reads;
set search_path = bench_packed_reads;

create table telemetry (
  com_id text not null,
  ts timestamptz not null,
  pin_names text[] not null,
  pin_values double precision[] not null,
  check (cardinality(pin_names) = cardinality(pin_values))
) partition by range (ts);
create table telemetry_default partition of telemetry default;
create index telemetry_com_ts_idx on telemetry (com_id, ts);
create index telemetry_ts_brin on telemetry using brin (ts);
\ir ../../apps/server/migrations/0820_telemetry_days.sql

insert into telemetry (com_id, ts, pin_names, pin_values)
select k || lpad(i::text, 2, '0'),
       ('2026-11-20'::timestamp at time zone 'Asia/Dhaka') + m * interval '1 minute' + (i % 50) * interval '1 second',
       array['am1','am2','am3','am4','am5','am6','am7','am8','am9','am10','am11','di1','di2','di3','di4','di5','di6','di7','di8','di9'],
       array[round((230 + (random()*2-1)*4)::numeric,2), round((231 + (random()*2-1)*4)::numeric,2),
             round((229 + (random()*2-1)*4)::numeric,2), round((30 + (random()*2-1))::numeric,2),
             round((60 + (random()*2-1)*3)::numeric,2), round((53.5 + (random()*2-1)*0.1)::numeric,2),
             round((80 + (random()*2-1))::numeric,2), 0, 0, round((20 + (random()*2-1))::numeric,2),
             round((8 + (random()*2-1)*0.5)::numeric,2), 1, 1, 0, 0, 0, 0, 0, 0, 0]::float8[]
  from generate_series(0, :days * 1440 - 1) m cross join generate_series(0, :devices - 1) i
       cross join (values ('r'), ('p')) x(k)
 order by m, i;
select count(telemetry_compress_day(d::date, array(select 'p' || lpad(i::text, 2, '0') from generate_series(0, :devices - 1) i)))
  from generate_series('2026-11-20'::date, '2026-11-20'::date + :days - 1, interval '1 day') d;
vacuum analyze telemetry;
vacuum analyze telemetry_days;

-- Median and fastest of `runs` executions of `q` (a hash of all its rows and columns is summed, so
-- every output is computed: an aggregate whose outputs are unused is planned away).
create function timed(q text, runs integer) returns table (p50_ms numeric, min_ms numeric)
language plpgsql as $$
declare
  t0 timestamptz;
  ms numeric[] := '{}';
  n bigint;
begin
  for r in 1..runs loop
    t0 := clock_timestamp();
    execute format('select sum(hashtext(z::text)) from (%s) z', q) into n;
    ms := ms || (extract(epoch from clock_timestamp() - t0) * 1000)::numeric;
  end loop;
  return query select round(percentile_cont(0.5) within group (order by x)::numeric, 1), round(min(x), 1)
                 from unnest(ms) x;
end
$$;

-- The chart read as readSeries writes it (0820: telemetry_of and the pin's subscript; 0840:
-- telemetry_values_of), pin am6 in `bucket`-minute buckets.
create function chart_sql(stage text, dev text, f text, u text, bucket integer) returns text
language sql immutable as $$
  select format(
    'select floor((extract(epoch from x.ts) + 21600) / %s) as b, min(x.v), max(x.v), avg(x.v::numeric), count(*) from %s group by 1',
    bucket * 60,
    case when stage = '0820'
      then format('(select t.ts, t.pin_values[array_position(t.pin_names, %L)] as v from telemetry_of(%L, %L, %L) t) x where x.v is not null',
                  'am6', dev, f, u)
      else format('telemetry_values_of(%L, %L, %L, %L) x', dev, '{am6}', f, u)
    end)
$$;

-- The reads, raw device(s) and packed ones: a chart of one Dhaka day (5-minute buckets) and of one
-- week (30-minute buckets: the raw source's form; a week's chart reads the hourly rollups, and this
-- only after their watermark); a count and checksum of every reading of every device of a kind over
-- all days, read per message (telemetry_between: the kill test's check) and, with 0840, one row per
-- value (telemetry_readings_between: what the rollups read).
create function reads_of(stage text, runs integer) returns table (read text, kind text, q text, runs integer)
language sql immutable as $$
  select r.read, d.kind, r.q, r.runs
    from (values ('r00', 'raw'), ('p00', 'packed')) d(dev, kind)
    cross join lateral (values
      ('chart, 1 device-day', chart_sql(stage, d.dev, '2026-11-22 00:00+06', '2026-11-23 00:00+06', 5), runs),
      ('chart, 1 device-week', chart_sql(stage, d.dev, '2026-11-20 00:00+06', '2026-11-27 00:00+06', 30), runs),
      ('count+checksum, every device-day of a kind',
       format('select count(*), sum(v) from telemetry_between(%L, %L) t cross join unnest(t.pin_values) v where t.com_id like %L',
              '2026-11-20 00:00+06', '2026-12-20 00:00+06', left(d.dev, 1) || '%'),
       greatest(1, runs / 2)),
      ('count+checksum, every device-day of a kind, one row per value',
       case when stage = '0840' then
         format('select count(*), sum(t.value) from telemetry_readings_between(%L, %L) t where t.com_id like %L',
                '2026-11-20 00:00+06', '2026-12-20 00:00+06', left(d.dev, 1) || '%') end,
       greatest(1, runs / 2))) r(read, q, runs)
   where r.q is not null
$$;

create table results (stage text, read text, kind text, p50_ms numeric, min_ms numeric);
insert into results select '0820', r.read, r.kind, t.* from reads_of('0820', :runs) r cross join lateral timed(r.q, r.runs) t;
\ir ../../apps/server/migrations/0840_telemetry_days_decode.sql
insert into results select '0840', r.read, r.kind, t.* from reads_of('0840', :runs) r cross join lateral timed(r.q, r.runs) t;

select r.read, r.stage, r.p50_ms as raw_p50_ms, p.p50_ms as packed_p50_ms, r.min_ms as raw_min_ms, p.min_ms as packed_min_ms,
       round(p.p50_ms / nullif(r.p50_ms, 0), 2) as packed_over_raw
  from results r join results p on p.read = r.read and p.stage = r.stage and p.kind = 'packed'
 where r.kind = 'raw' order by r.read, r.stage;
select :devices as devices_each_kind, :days as days, count(*) as packed_rows, sum(n) as packed_messages,
       pg_size_pretty(sum(pg_column_size(vals) + pg_column_size(deltas))) as packed_arrays
  from telemetry_days;

reset search_path;
drop schema bench_packed_reads cascade;
