-- Dashboard counters, part 2 (owned by src/modules/network/counts.*): an id on every delta row, so
-- a reader can tell with `count(*), max(id)` (no aggregation) whether anything changed since its last
-- read: a change inserts rows (count grows, even when a lower id commits late), a compaction deletes
-- every row it sees and re-inserts the sums with new ids (max grows, or count drops).
alter table alarm_count_deltas add column id bigint generated always as identity;
alter table site_summary_deltas add column id bigint generated always as identity;

-- Offline buckets read device_online alarms' last_event_at: a statement writing device_online rows
-- always leaves a (zero) delta row, so readers see a change even when the states net to the same keys.
create or replace function alarms_counts_new() returns trigger language plpgsql as $$
begin
  perform alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id)) from new_rows;
  if exists (select 1 from new_rows where alarm_id = 'device_online') then
    insert into alarm_count_deltas (company_id, site_tenants, alarm_id, avail, raised, paused, n)
    values ('', '{}', 'device_online', '{}', '{}', '{}', 0);
  end if;
  return null;
end
$$;
create or replace function alarms_counts_both() returns trigger language plpgsql as $$
begin
  perform alarm_groups_refresh(array_agg(site_uid), array_agg(alarm_id))
    from (select site_uid, alarm_id from old_rows union select site_uid, alarm_id from new_rows) x;
  if exists (select 1 from new_rows where alarm_id = 'device_online') then
    insert into alarm_count_deltas (company_id, site_tenants, alarm_id, avail, raised, paused, n)
    values ('', '{}', 'device_online', '{}', '{}', '{}', 0);
  end if;
  return null;
end
$$;
