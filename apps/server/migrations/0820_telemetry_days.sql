-- Compressed telemetry history (issue 36 point 4, docs/decisions/compressed-telemetry-history.md).
-- Telemetry older than TELEMETRY_COMPRESS_AFTER_DAYS is moved by the jobs role (src/jobs/compress.ts)
-- from `telemetry` (one row per message) into `telemetry_days`: one row per device and Asia/Dhaka day.
-- Every reader reads `telemetry_of` / `telemetry_between` (raw rows union the decoded days), so a chart
-- or export returns the same readings before and after compression. Encoding and decoding live here only.

-- One row per device and Asia/Dhaka day:
--   pins    the pin names of the day, in the order of the day's longest message list (then the others);
--   deltas  per message in time order, microseconds since the previous message (the first: since the
--           day's start, Dhaka midnight): mostly one constant, which TOAST compresses to almost nothing;
--   n       the messages of the day (cardinality of deltas, kept apart: reading it from a TOASTed
--           array would decompress it per value decoded);
--   vals    pin-major: vals[(p - 1) * n + i] is pin p of message i, null
--           where message i lacked pin p; a pin's day of values is contiguous, so repeats compress.
-- Partitioned by month of `day` (telemetry_days_yYYYYmMM), dropped by retention with the raw months.
create table telemetry_days (
  com_id text not null,
  day date not null,
  pins text[] not null,
  n integer not null,
  deltas bigint[] not null,
  vals double precision[] not null,
  check (cardinality(deltas) = n and cardinality(vals) = cardinality(pins) * n),
  primary key (com_id, day)
) partition by range (day);
-- The rollups read every device of a few hours (telemetry_between).
create index telemetry_days_day_idx on telemetry_days (day);

-- Device days packed already that received late readings (marked by the rollup of late hours,
-- jobs/rollup.ts): the next compression run packs those readings into the day again. Until then they
-- are raw rows, which every reader reads with the packed ones.
create table telemetry_days_dirty (
  com_id text not null,
  day date not null,
  primary key (day, com_id)
);

-- lz4 where the server is built with it (the system PostgreSQL); pglz (the default) otherwise (the
-- embedded PostgreSQL is built without lz4). Partitions take the parent's column compression.
do $$
begin
  alter table telemetry_days alter column deltas set compression lz4, alter column vals set compression lz4;
exception when feature_not_supported or invalid_parameter_value then
  raise notice 'telemetry_days: lz4 not supported by this server, pglz compression is used';
end
$$;

-- The month partition of telemetry_days holding `p_day` (created when missing).
create function ensure_telemetry_day_partition(p_day date) returns void
language plpgsql as $$
declare
  m date := date_trunc('month', p_day)::date;
  part text := format('telemetry_days_y%sm%s', to_char(m, 'YYYY'), to_char(m, 'MM'));
begin
  if to_regclass(part) is null then
    execute format('create table if not exists %I partition of telemetry_days for values from (%L) to (%L)',
      part, m, (m + interval '1 month')::date);
  end if;
end
$$;

-- The messages of one packed day: (ts, pin_names, pin_values) exactly as they were stored raw (a pin a
-- message lacked is left out). Each array is unnested once (a subscript on a TOASTed array would
-- decompress it per value).
create function telemetry_day_rows(p_day date, p_pins text[], p_n integer, p_deltas bigint[], p_vals double precision[])
returns table (ts timestamptz, pin_names text[], pin_values double precision[])
language sql immutable parallel safe as $$
  select s.ts, v.names, v.vals
    from (select (u.k - 1) % p_n + 1 as i,
                 array_agg(p_pins[(u.k - 1) / p_n + 1] order by u.k) as names,
                 array_agg(u.x order by u.k) as vals
            from unnest(p_vals) with ordinality u(x, k) where u.x is not null group by 1) v
    join (select d.i, (p_day::timestamp at time zone 'Asia/Dhaka')
                        + interval '1 microsecond' * sum(d.delta) over (order by d.i) as ts
            from unnest(p_deltas) with ordinality d(delta, i)) s on s.i = v.i
$$;

-- One device's telemetry in [p_from, p_until): raw rows and the packed days' messages.
create function telemetry_of(p_com_id text, p_from timestamptz, p_until timestamptz)
returns table (com_id text, ts timestamptz, pin_names text[], pin_values double precision[])
language sql stable as $$
  select t.com_id, t.ts, t.pin_names, t.pin_values from telemetry t
   where t.com_id = p_com_id and t.ts >= p_from and t.ts < p_until
  union all
  select d.com_id, x.ts, x.pin_names, x.pin_values
    from telemetry_days d cross join lateral telemetry_day_rows(d.day, d.pins, d.n, d.deltas, d.vals) x
   where d.com_id = p_com_id and d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= (p_until at time zone 'Asia/Dhaka')::date and x.ts >= p_from and x.ts < p_until
$$;

-- Every device's telemetry in [p_from, p_until): raw rows and the packed days' messages.
create function telemetry_between(p_from timestamptz, p_until timestamptz)
returns table (com_id text, ts timestamptz, pin_names text[], pin_values double precision[])
language sql stable as $$
  select t.com_id, t.ts, t.pin_names, t.pin_values from telemetry t
   where t.ts >= p_from and t.ts < p_until
  union all
  select d.com_id, x.ts, x.pin_names, x.pin_values
    from telemetry_days d cross join lateral telemetry_day_rows(d.day, d.pins, d.n, d.deltas, d.vals) x
   where d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= (p_until at time zone 'Asia/Dhaka')::date and x.ts >= p_from and x.ts < p_until
$$;

-- Packs the raw rows of the Asia/Dhaka day `p_day` (of the devices `p_com_ids`, or all) into
-- telemetry_days, in one statement: the raw rows are deleted by the statement that writes their packed
-- rows, so a crash leaves either both or neither. A device's day that is packed already (late readings
-- came after it was packed) is decoded and packed again with them. Devices without raw rows that day
-- are not touched: a rerun changes nothing. Returns the messages moved.
create function telemetry_compress_day(p_day date, p_com_ids text[] default null) returns integer
language plpgsql as $$
declare
  v_start timestamptz := p_day::timestamp at time zone 'Asia/Dhaka';
  v_end timestamptz := (p_day + 1)::timestamp at time zone 'Asia/Dhaka';
  moved integer;
begin
  -- One packer at a time (a jobs process that lost its lease may still be running): the statement
  -- below then sees the rows another packer committed.
  perform pg_advisory_xact_lock(hashtext('towerwatch.telemetry_compress.' || current_schema()));
  perform ensure_telemetry_day_partition(p_day);
  with raw as (
    delete from telemetry t
     where t.ts >= v_start and t.ts < v_end and (p_com_ids is null or t.com_id = any(p_com_ids))
    returning t.com_id, t.ts, t.pin_names, t.pin_values
  ), msgs as (
    select r.com_id, r.ts, r.pin_names, r.pin_values from raw r
    union all
    select d.com_id, x.ts, x.pin_names, x.pin_values
      from telemetry_days d cross join lateral telemetry_day_rows(d.day, d.pins, d.n, d.deltas, d.vals) x
     where d.day = p_day and d.com_id in (select r.com_id from raw r)
  ), numbered as (
    select m.*, row_number() over (partition by m.com_id order by m.ts, m.pin_names, m.pin_values) as i
      from msgs m
  ), ref as (
    -- A device's reference list: the day's first longest message list (all of them, usually).
    select distinct on (nb.com_id) nb.com_id, nb.pin_names
      from numbered nb order by nb.com_id, cardinality(nb.pin_names) desc, nb.i
  ), pins as (
    -- The day's pins in the reference list's order, then the others by their first position and name:
    -- a message whose list is in that order (every message of a usual day) decodes in its own order.
    select x.com_id, x.name,
           row_number() over (partition by x.com_id order by array_position(rf.pin_names, x.name), x.o, x.name) as p
      from (select nb.com_id, u.name, min(u.o) as o
              from numbered nb cross join lateral unnest(nb.pin_names) with ordinality u(name, o)
             group by 1, 2) x
      join ref rf on rf.com_id = x.com_id
  ), times as (
    select y.com_id, array_agg(y.us - coalesce(y.prev, (extract(epoch from v_start) * 1000000)::bigint) order by y.i) as deltas
      from (select nb.com_id, nb.i, (extract(epoch from nb.ts) * 1000000)::bigint as us,
                   lag((extract(epoch from nb.ts) * 1000000)::bigint) over (partition by nb.com_id order by nb.i) as prev
              from numbered nb) y
     group by y.com_id
  ), packed as (
    select pn.com_id,
           (select array_agg(q.name order by q.p) from pins q where q.com_id = pn.com_id) as pins,
           array_agg(nb.pin_values[array_position(nb.pin_names, pn.name)] order by pn.p, nb.i) as vals
      from pins pn join numbered nb on nb.com_id = pn.com_id
     group by pn.com_id
  ), written as (
    insert into telemetry_days (com_id, day, pins, n, deltas, vals)
    select pk.com_id, p_day, pk.pins, cardinality(tm.deltas), tm.deltas, pk.vals
      from packed pk join times tm on tm.com_id = pk.com_id
    on conflict (com_id, day) do update
      set pins = excluded.pins, n = excluded.n, deltas = excluded.deltas, vals = excluded.vals
    returning 1
  )
  select count(*) into moved from raw;
  return moved;
end
$$;
