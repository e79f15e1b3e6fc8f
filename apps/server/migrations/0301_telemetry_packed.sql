-- Telemetry packed one row per device message (issue 7, docs/decisions.md "Telemetry: one row per
-- message"): the readings of a `pins` message are stored as two parallel arrays (pin names, values)
-- with the message's device time, instead of one row per value. 20 values per message made the
-- per-value layout (and its primary key index) the largest write cost of ingest at national scale.
-- Re-delivered messages are kept out by the (com_id, msg_id) de-duplication (ingest_messages), so the
-- table has no primary key. Owned by src/ingest (writer) and src/jobs (rollup, partitions).

-- Move the per-value table (and its partitions) out of the way, keeping the partition names free.
alter table telemetry rename to telemetry_rows;
do $$
declare
  part record;
begin
  for part in
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    join pg_namespace n on n.oid = p.relnamespace
    where p.relname = 'telemetry_rows' and n.nspname = current_schema()
  loop
    execute format('alter table %I rename to %I', part.name, 'old_' || part.name);
  end loop;
end
$$;

create table telemetry (
  com_id text not null,
  ts timestamptz not null,
  pin_names text[] not null,
  pin_values double precision[] not null,
  check (cardinality(pin_names) = cardinality(pin_values))
) partition by range (ts);
create table telemetry_default partition of telemetry default;
-- Per-device history reads (com_id, time range); the rollup scans time ranges (BRIN, append order).
create index telemetry_com_ts_idx on telemetry (com_id, ts);
create index telemetry_ts_brin on telemetry using brin (ts);

-- Monthly partitions for the months the old rows span, and the usual window around now.
do $$
declare
  first_month date;
  months integer;
begin
  select date_trunc('month', least(min(ts), now() - interval '1 month'))::date into first_month from telemetry_rows;
  if first_month is null then
    first_month := date_trunc('month', now() - interval '1 month')::date;
  end if;
  months := (extract(year from age(date_trunc('month', now()), first_month)) * 12
             + extract(month from age(date_trunc('month', now()), first_month)))::integer + 4;
  perform ensure_telemetry_partitions(first_month, months);
end
$$;

-- One packed row per (device, reading time): the old rows of one message shared com_id and ts.
insert into telemetry (com_id, ts, pin_names, pin_values)
select com_id, ts, array_agg(pin_name order by pin_name), array_agg(value order by pin_name)
from telemetry_rows group by com_id, ts;

drop table telemetry_rows;
