-- Dashboard counters (issue 7; owned by src/modules/network/counts.*).
--
-- The dashboard counts (docs/requirements.md#dashboard-counts) are numbers of sites per alarm state,
-- site property and DC load state, scoped by company and allowed tenants. Counting them from
-- `alarms`, `pin_configs` and `sites` on every request costs O(all sites); here triggers keep
--  * one summary row per site (`site_summary`: company, tenants, property flags, DC load states) and
--    one per site and alarm id (`alarm_groups`: which tenants' rows are available / raised / paused),
--  * and, for every change of such a row, an insert-only delta (-1 for the old key, +1 for the new one)
--    in `site_summary_deltas` / `alarm_count_deltas`.
-- `select key, sum(n) ... group by key having sum(n) <> 0` then gives, for each distinct key, how many
-- sites have it: a few hundred rows for the whole country, exact in the reader's snapshot (the deltas
-- are written in the same transaction as the change), and without a hot counter row that concurrent
-- writers would queue on. The counts service folds the keys into a caller's scope and compacts the
-- delta tables now and then (delete + re-insert of the sums, safe under concurrency).
--
-- Every refresh recomputes the rows of the touched sites from the source tables and compares with
-- what it stored, so it is idempotent (INSERT ... ON CONFLICT fires both the insert and the update
-- trigger; the second refresh finds nothing to do). A transaction-scoped advisory lock per site
-- serialises two transactions refreshing the same site, so each sees the other's committed rows.

create table site_summary (
  site_uid text primary key,
  company_id text not null,
  tenants text[] not null,
  -- bit 1 rms (pin configs or devices), 2 rectifier, 4 acs (access pin), 8 sarbs, 16 vertiv, 32 eltek,
  -- 64 door pin (access_control with priority door)
  flags integer not null,
  -- DC load states as 'tenant:STATE', sorted
  loads text[] not null
);

create table site_summary_deltas (
  company_id text not null,
  tenants text[] not null,
  flags integer not null,
  loads text[] not null,
  n integer not null
);

create table alarm_groups (
  site_uid text not null,
  alarm_id text not null,
  company_id text not null,
  site_tenants text[] not null,
  -- tenants ('' = none) of the site's rows of this alarm id that are available / raised (available,
  -- not normal, not paused) / paused (available and disabled), sorted
  avail text[] not null,
  raised text[] not null,
  paused text[] not null,
  primary key (site_uid, alarm_id)
);

create table alarm_count_deltas (
  company_id text not null,
  site_tenants text[] not null,
  alarm_id text not null,
  avail text[] not null,
  raised text[] not null,
  paused text[] not null,
  n integer not null
);

-- Lookups of the refreshes and of the battery classes.
create index if not exists pin_configs_battery_idx on pin_configs (site_uid, com_id, pin_name, tenant)
  where type = 'battery_terminal';
create index if not exists pin_configs_access_idx on pin_configs (site_uid, priority) where type = 'access_control';

create function counts_lock_sites(p_sites text[]) returns void language plpgsql as $$
declare
  u text;
begin
  for u in select distinct x from unnest(p_sites) x where x is not null order by 1 loop
    perform pg_advisory_xact_lock(hashtextextended('towerwatch.counts.' || u, 0));
  end loop;
end
$$;

create function site_summary_refresh(p_sites text[]) returns void language plpgsql as $$
begin
  if p_sites is null or cardinality(p_sites) = 0 then return; end if;
  perform counts_lock_sites(p_sites);
  with cur as (
    select s.uid as site_uid, s.company_id, s.tenants,
      (case when exists (select 1 from pin_configs pc where pc.site_uid = s.uid)
              or exists (select 1 from devices d where d.site_uid = s.uid) then 1 else 0 end)
      | (case when coalesce(s.rectifier->>'rectifier_type', '') <> '' then 2 else 0 end)
      | (case when exists (select 1 from pin_configs pc where pc.site_uid = s.uid and pc.type = 'access_control')
              then 4 else 0 end)
      | (case when 'sarbs' in (s.rectifier->>'rectifier_type', s.rectifier->>'rectifier_type_2') then 8 else 0 end)
      | (case when 'vertiv' in (s.rectifier->>'rectifier_type', s.rectifier->>'rectifier_type_2') then 16 else 0 end)
      | (case when 'eltek' in (s.rectifier->>'rectifier_type', s.rectifier->>'rectifier_type_2') then 32 else 0 end)
      | (case when exists (select 1 from pin_configs pc where pc.site_uid = s.uid and pc.type = 'access_control'
                             and pc.priority = 'door') then 64 else 0 end) as flags,
      coalesce((select array_agg(l.tenant || ':' || l.state order by l.tenant)
                  from dc_load_state l where l.site_uid = s.uid), '{}') as loads
    from sites s where s.uid = any(p_sites)
  ),
  old as (select * from site_summary where site_uid = any(p_sites)),
  diff as (
    select coalesce(c.site_uid, o.site_uid) as site_uid,
           o.company_id as o_company, o.tenants as o_tenants, o.flags as o_flags, o.loads as o_loads,
           c.company_id, c.tenants, c.flags, c.loads,
           o.site_uid is not null as had, c.site_uid is not null as has
      from cur c full join old o on o.site_uid = c.site_uid
     where c.site_uid is null or o.site_uid is null
        or (c.company_id, c.tenants, c.flags, c.loads) is distinct from (o.company_id, o.tenants, o.flags, o.loads)
  ),
  up as (
    insert into site_summary (site_uid, company_id, tenants, flags, loads)
    select site_uid, company_id, tenants, flags, loads from diff where has
    on conflict (site_uid) do update set company_id = excluded.company_id, tenants = excluded.tenants,
      flags = excluded.flags, loads = excluded.loads
  ),
  del as (delete from site_summary s using diff d where not d.has and s.site_uid = d.site_uid)
  insert into site_summary_deltas (company_id, tenants, flags, loads, n)
  select company_id, tenants, flags, loads, sum(n)::int from (
    select o_company as company_id, o_tenants as tenants, o_flags as flags, o_loads as loads, -1 as n
      from diff where had
    union all
    select company_id, tenants, flags, loads, 1 from diff where has
  ) x
  group by company_id, tenants, flags, loads having sum(n) <> 0;
end
$$;

create function alarm_groups_refresh(p_sites text[], p_alarms text[]) returns void language plpgsql as $$
begin
  if p_sites is null or cardinality(p_sites) = 0 then return; end if;
  perform counts_lock_sites(p_sites);
  with g as (
    select distinct x.site_uid, x.alarm_id from unnest(p_sites, p_alarms) as x(site_uid, alarm_id)
  ),
  cur as (
    select g.site_uid, g.alarm_id, s.company_id, s.tenants as site_tenants,
      coalesce(array_agg(a.tenant order by a.tenant) filter (where a.is_available), '{}') as avail,
      coalesce(array_agg(a.tenant order by a.tenant)
                 filter (where a.is_available and not a.is_normal and not a.is_disable), '{}') as raised,
      coalesce(array_agg(a.tenant order by a.tenant) filter (where a.is_available and a.is_disable), '{}') as paused
    from g join sites s on s.uid = g.site_uid
    join alarms a on a.site_uid = g.site_uid and a.alarm_id = g.alarm_id
    group by g.site_uid, g.alarm_id, s.company_id, s.tenants
  ),
  old as (select ag.* from alarm_groups ag join g on g.site_uid = ag.site_uid and g.alarm_id = ag.alarm_id),
  diff as (
    select coalesce(c.site_uid, o.site_uid) as site_uid, coalesce(c.alarm_id, o.alarm_id) as alarm_id,
           o.company_id as o_company, o.site_tenants as o_site_tenants, o.avail as o_avail,
           o.raised as o_raised, o.paused as o_paused,
           c.company_id, c.site_tenants, c.avail, c.raised, c.paused,
           o.site_uid is not null as had, c.site_uid is not null as has
      from cur c full join old o on o.site_uid = c.site_uid and o.alarm_id = c.alarm_id
     where c.site_uid is null or o.site_uid is null
        or (c.company_id, c.site_tenants, c.avail, c.raised, c.paused)
           is distinct from (o.company_id, o.site_tenants, o.avail, o.raised, o.paused)
  ),
  up as (
    insert into alarm_groups (site_uid, alarm_id, company_id, site_tenants, avail, raised, paused)
    select site_uid, alarm_id, company_id, site_tenants, avail, raised, paused from diff where has
    on conflict (site_uid, alarm_id) do update set company_id = excluded.company_id,
      site_tenants = excluded.site_tenants, avail = excluded.avail, raised = excluded.raised,
      paused = excluded.paused
  ),
  del as (
    delete from alarm_groups ag using diff d
     where not d.has and ag.site_uid = d.site_uid and ag.alarm_id = d.alarm_id
  )
  insert into alarm_count_deltas (company_id, site_tenants, alarm_id, avail, raised, paused, n)
  select company_id, site_tenants, alarm_id, avail, raised, paused, sum(n)::int from (
    select o_company as company_id, o_site_tenants as site_tenants, alarm_id, o_avail as avail,
           o_raised as raised, o_paused as paused, -1 as n
      from diff where had
    union all
    select company_id, site_tenants, alarm_id, avail, raised, paused, 1 from diff where has
  ) x
  group by company_id, site_tenants, alarm_id, avail, raised, paused having sum(n) <> 0;
end
$$;

-- Every group of these sites (after a change of the site's company or tenants).
create function alarm_groups_refresh_sites(p_sites text[]) returns void language plpgsql as $$
begin
  perform alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id)) from (
    select site_uid, alarm_id from alarm_groups where site_uid = any(p_sites)
    union
    select site_uid, alarm_id from alarms where site_uid = any(p_sites)
  ) x;
end
$$;

-- alarms: statement triggers with transition tables (any statement shape: upsert, COPY, batches).
create function alarms_counts_new() returns trigger language plpgsql as $$
begin
  perform alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id)) from new_rows;
  return null;
end
$$;
create function alarms_counts_old() returns trigger language plpgsql as $$
begin
  perform alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id)) from old_rows;
  return null;
end
$$;
create function alarms_counts_both() returns trigger language plpgsql as $$
begin
  perform alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id))
    from (select site_uid, alarm_id from old_rows union select site_uid, alarm_id from new_rows) x;
  return null;
end
$$;
create trigger alarms_counts_ins after insert on alarms
  referencing new table as new_rows for each statement execute function alarms_counts_new();
create trigger alarms_counts_upd after update on alarms
  referencing old table as old_rows new table as new_rows for each statement execute function alarms_counts_both();
create trigger alarms_counts_del after delete on alarms
  referencing old table as old_rows for each statement execute function alarms_counts_old();

-- Site summary inputs: dc_load_state, pin_configs (statement triggers), devices (site_uid only), sites.
create function site_summary_new() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array_agg(distinct site_uid)) from new_rows;
  return null;
end
$$;
create function site_summary_old() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array_agg(distinct site_uid)) from old_rows;
  return null;
end
$$;
create function site_summary_both() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array_agg(site_uid))
    from (select site_uid from old_rows union select site_uid from new_rows) x;
  return null;
end
$$;
create trigger dc_load_counts_ins after insert on dc_load_state
  referencing new table as new_rows for each statement execute function site_summary_new();
create trigger dc_load_counts_upd after update on dc_load_state
  referencing old table as old_rows new table as new_rows for each statement execute function site_summary_both();
create trigger dc_load_counts_del after delete on dc_load_state
  referencing old table as old_rows for each statement execute function site_summary_old();
create trigger pin_configs_counts_ins after insert on pin_configs
  referencing new table as new_rows for each statement execute function site_summary_new();
create trigger pin_configs_counts_upd after update on pin_configs
  referencing old table as old_rows new table as new_rows for each statement execute function site_summary_both();
create trigger pin_configs_counts_del after delete on pin_configs
  referencing old table as old_rows for each statement execute function site_summary_old();
create trigger devices_counts_ins after insert on devices
  referencing new table as new_rows for each statement execute function site_summary_new();
create trigger devices_counts_del after delete on devices
  referencing old table as old_rows for each statement execute function site_summary_old();

-- devices are updated on every device message (last_seen_at, online): only a move between sites counts.
create function devices_counts_moved() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array[old.site_uid, new.site_uid]);
  return null;
end
$$;
create trigger devices_counts_moved after update of site_uid on devices
  for each row when (old.site_uid is distinct from new.site_uid) execute function devices_counts_moved();

create function sites_counts_new() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array_agg(uid)) from new_rows;
  return null;
end
$$;
create function sites_counts_old() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array_agg(uid)) from old_rows;
  -- Cascaded alarm deletes no longer see the site: drop its groups here.
  perform alarm_groups_refresh_sites(array_agg(uid)) from old_rows;
  return null;
end
$$;
create function sites_counts_changed() returns trigger language plpgsql as $$
begin
  perform site_summary_refresh(array[new.uid]);
  if old.company_id is distinct from new.company_id or old.tenants is distinct from new.tenants then
    perform alarm_groups_refresh_sites(array[new.uid]);
  end if;
  return null;
end
$$;
create trigger sites_counts_ins after insert on sites
  referencing new table as new_rows for each statement execute function sites_counts_new();
create trigger sites_counts_del after delete on sites
  referencing old table as old_rows for each statement execute function sites_counts_old();
create trigger sites_counts_upd after update of company_id, tenants, rectifier on sites
  for each row when (
    old.company_id is distinct from new.company_id or old.tenants is distinct from new.tenants
    or old.rectifier is distinct from new.rectifier
  ) execute function sites_counts_changed();

-- Existing data (a database migrated with sites and alarms already in it).
select site_summary_refresh(array_agg(uid)) from sites;
select alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id))
  from (select distinct site_uid, alarm_id from alarms) x;
