-- Faster reads of the compressed telemetry history (issue 36; docs/decisions/compressed-history-design.md,
-- "Reading packed days"). Layout and packing (migration 0820_telemetry_days) are unchanged.
--
-- 0820 decoded a packed day in SQL: unnest the pin-major values, sort them by message (n × pins rows),
-- aggregate each message's arrays, and join the times on the message number (planned as a nested loop
-- or merge join: PostgreSQL 15 estimates 10 rows for every unnest). Sorting 28,800 values per
-- device-day made a packed day's chart ~6–9× slower than a raw one's, and a scan of many packed days
-- ~2–6× (docs/performance.md "Reads of compressed history").
-- Here no reader sorts or joins a day's values:
--   telemetry_of / telemetry_between      per message (ts, pin_names, pin_values): a PL/pgSQL loop over
--                                         the arrays, each held detoasted and expanded once (O(1)
--                                         subscripts, even with nulls);
--   telemetry_values_of                   per message (ts, v) of the pins a chart asks for: only their
--                                         values are read (the charts, the threshold counts, climate);
--   telemetry_readings_between / _of      per value (com_id, ts, pin_name, value): one unnest in stored
--                                         order with the day's times array (the rollups).
-- Readers also no longer decode the day after a range that ends at Dhaka midnight.

-- The messages of one packed day: (ts, pin_names, pin_values) exactly as they were stored raw (a pin a
-- message lacked is left out), in time order.
create or replace function telemetry_day_rows(p_day date, p_pins text[], p_n integer, p_deltas bigint[], p_vals double precision[])
returns table (ts timestamptz, pin_names text[], pin_values double precision[])
language plpgsql immutable parallel safe as $$
declare
  deltas bigint[] := p_deltas; -- detoasted and expanded once: O(1) subscripts below
  vals double precision[] := p_vals;
  pins text[] := p_pins;
  np integer := cardinality(p_pins);
  t timestamptz := p_day::timestamp at time zone 'Asia/Dhaka';
  x double precision;
begin
  for i in 1..p_n loop
    t := t + interval '1 microsecond' * deltas[i];
    ts := t;
    pin_names := '{}';
    pin_values := '{}';
    for p in 1..np loop
      x := vals[(p - 1) * p_n + i];
      if x is not null then
        pin_names := pin_names || pins[p];
        pin_values := pin_values || x;
      end if;
    end loop;
    return next;
  end loop;
end
$$;

-- The readings of the pins `p_want` in one packed day: per message that has any of them, its time and
-- the sum of their values (as the raw readers sum the pins of a message), in time order. Only the
-- wanted pins' values are read.
create function telemetry_day_values(p_day date, p_pins text[], p_n integer, p_deltas bigint[], p_vals double precision[], p_want text[])
returns table (ts timestamptz, v double precision)
language plpgsql immutable parallel safe as $$
declare
  deltas bigint[] := p_deltas;
  vals double precision[];
  -- The wanted pins' offsets into `vals`, in the day's pin order (the order a raw message sums them in).
  offs integer[] := array(select (u.p - 1) * p_n from unnest(p_pins) with ordinality u(name, p)
                            where u.name = any(p_want) order by u.p);
  t timestamptz := p_day::timestamp at time zone 'Asia/Dhaka';
  o integer;
  x double precision;
  s double precision;
begin
  if cardinality(offs) = 0 then
    return;
  end if;
  vals := p_vals;
  for i in 1..p_n loop
    t := t + interval '1 microsecond' * deltas[i];
    s := null;
    foreach o in array offs loop
      x := vals[o + i];
      if x is not null then
        s := coalesce(s + x, x);
      end if;
    end loop;
    if s is not null then
      ts := t;
      v := s;
      return next;
    end if;
  end loop;
end
$$;

-- One device's telemetry in [p_from, p_until): raw rows and the packed days' messages.
create or replace function telemetry_of(p_com_id text, p_from timestamptz, p_until timestamptz)
returns table (com_id text, ts timestamptz, pin_names text[], pin_values double precision[])
language sql stable as $$
  select t.com_id, t.ts, t.pin_names, t.pin_values from telemetry t
   where t.com_id = p_com_id and t.ts >= p_from and t.ts < p_until
  union all
  select d.com_id, x.ts, x.pin_names, x.pin_values
    from telemetry_days d cross join lateral telemetry_day_rows(d.day, d.pins, d.n, d.deltas, d.vals) x
   where d.com_id = p_com_id and d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= ((p_until at time zone 'Asia/Dhaka') - interval '1 microsecond')::date
     and x.ts >= p_from and x.ts < p_until
$$;

-- Every device's telemetry in [p_from, p_until): raw rows and the packed days' messages.
create or replace function telemetry_between(p_from timestamptz, p_until timestamptz)
returns table (com_id text, ts timestamptz, pin_names text[], pin_values double precision[])
language sql stable as $$
  select t.com_id, t.ts, t.pin_names, t.pin_values from telemetry t
   where t.ts >= p_from and t.ts < p_until
  union all
  select d.com_id, x.ts, x.pin_names, x.pin_values
    from telemetry_days d cross join lateral telemetry_day_rows(d.day, d.pins, d.n, d.deltas, d.vals) x
   where d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= ((p_until at time zone 'Asia/Dhaka') - interval '1 microsecond')::date
     and x.ts >= p_from and x.ts < p_until
$$;

-- One device's readings of the pins `p_pins` in [p_from, p_until), raw and packed: per message that has
-- any of them, its time and the sum of their values (one pin: its value). What the charts read.
create function telemetry_values_of(p_com_id text, p_pins text[], p_from timestamptz, p_until timestamptz)
returns table (ts timestamptz, v double precision)
language sql stable as $$
  select x.ts, x.v
    from (select t.ts,
                 case when cardinality(p_pins) = 1 then t.pin_values[array_position(t.pin_names, p_pins[1])]
                      else (select sum(r.v) from unnest(t.pin_names, t.pin_values) as r(n, v) where r.n = any(p_pins))
                 end as v
            from telemetry t
           where t.com_id = p_com_id and t.ts >= p_from and t.ts < p_until) x
   where x.v is not null
  union all
  select y.ts, y.v
    from telemetry_days d cross join lateral telemetry_day_values(d.day, d.pins, d.n, d.deltas, d.vals, p_pins) y
   where d.com_id = p_com_id and d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= ((p_until at time zone 'Asia/Dhaka') - interval '1 microsecond')::date
     and y.ts >= p_from and y.ts < p_until
$$;

-- The readings of one packed day, one row per value (time, pin, value), as `unnest(pin_names,
-- pin_values)` of its messages gives them: what the rollups read. Plain SQL (inlined): the values are
-- unnested once in their stored (pin-major) order and each finds its time in the day's array of
-- message times, built once per day; nothing is sorted or joined.
create function telemetry_day_readings(p_day date, p_pins text[], p_n integer, p_deltas bigint[], p_vals double precision[])
returns table (ts timestamptz, pin_name text, value double precision)
language sql immutable parallel safe as $$
  select m.times[(u.k - 1) % p_n + 1], p_pins[(u.k - 1) / p_n + 1], u.x
    from (select array_agg((p_day::timestamp at time zone 'Asia/Dhaka') + interval '1 microsecond' * w.us order by w.i) as times
            from (select d.i, sum(d.delta) over (order by d.i) as us
                    from unnest(p_deltas) with ordinality d(delta, i)) w
          offset 0) m -- one array per day, not one per reading
   cross join unnest(p_vals) with ordinality u(x, k)
   where u.x is not null
$$;

-- Every device's readings in [p_from, p_until), one row per value: raw rows and the packed days.
create function telemetry_readings_between(p_from timestamptz, p_until timestamptz)
returns table (com_id text, ts timestamptz, pin_name text, value double precision)
language sql stable as $$
  select t.com_id, t.ts, r.pin_name, r.value
    from telemetry t cross join unnest(t.pin_names, t.pin_values) r(pin_name, value)
   where t.ts >= p_from and t.ts < p_until
  union all
  select d.com_id, x.ts, x.pin_name, x.value
    from telemetry_days d cross join lateral telemetry_day_readings(d.day, d.pins, d.n, d.deltas, d.vals) x
   where d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= ((p_until at time zone 'Asia/Dhaka') - interval '1 microsecond')::date
     and x.ts >= p_from and x.ts < p_until
$$;

-- One device's readings in [p_from, p_until), one row per value: raw rows and the packed days.
create function telemetry_readings_of(p_com_id text, p_from timestamptz, p_until timestamptz)
returns table (com_id text, ts timestamptz, pin_name text, value double precision)
language sql stable as $$
  select t.com_id, t.ts, r.pin_name, r.value
    from telemetry t cross join unnest(t.pin_names, t.pin_values) r(pin_name, value)
   where t.com_id = p_com_id and t.ts >= p_from and t.ts < p_until
  union all
  select d.com_id, x.ts, x.pin_name, x.value
    from telemetry_days d cross join lateral telemetry_day_readings(d.day, d.pins, d.n, d.deltas, d.vals) x
   where d.com_id = p_com_id and d.day >= (p_from at time zone 'Asia/Dhaka')::date
     and d.day <= ((p_until at time zone 'Asia/Dhaka') - interval '1 microsecond')::date
     and x.ts >= p_from and x.ts < p_until
$$;
