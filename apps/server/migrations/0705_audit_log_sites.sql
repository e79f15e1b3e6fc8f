-- Issue 34 finding 6: the sites an audit entry is about, so a reader limited to some tenants reads
-- only entries about sites they may see (docs/api.md "Audit log"). Filled by the server on insert
-- (the entry's `sites`, its site target, `site_uid` in before/after/detail, a site group's members);
-- here derived the same way for the rows written before. The append-only trigger is lifted for this
-- one backfill inside the migration's transaction and restored at once.
alter table audit_log add column site_uids text[] not null default '{}';

alter table audit_log disable trigger audit_log_no_change;
update audit_log a set site_uids = d.uids
from (
  select l.id, array_agg(distinct u order by u) as uids
  from audit_log l
  cross join lateral (
    select case when l.target_type = 'site' then l.target_id end
    union all select l.detail ->> 'site_uid'
    union all select l.before ->> 'site_uid'
    union all select l.after ->> 'site_uid'
    union all
    select jsonb_array_elements_text(
      case when l.target_type = 'site_group' and jsonb_typeof(l.before -> 'members') = 'array'
        then l.before -> 'members' else '[]'::jsonb end)
    union all
    select jsonb_array_elements_text(
      case when l.target_type = 'site_group' and jsonb_typeof(l.after -> 'members') = 'array'
        then l.after -> 'members' else '[]'::jsonb end)
  ) as x(u)
  where u is not null and u <> ''
  group by l.id
) d
where a.id = d.id;
alter table audit_log enable trigger audit_log_no_change;

create index audit_log_site_uids_idx on audit_log using gin (site_uids);
