-- Events carry their site's company (issue 20, docs/performance.md finding 7): a company's network
-- events page reads one range of events_company_id_idx (company_id, id desc) instead of walking every
-- company's events newest first and dropping other companies' rows through the sites join.
--
-- One home (docs/decisions.md "Events carry their site's company"): the trigger events_company sets
-- company_id from the site on every insert (and on an update of site_uid or company_id), whatever the
-- writer gives; a site moved to another company takes its events along (sites_events_company).
--
-- Cost. The runner applies this file in one transaction, and `add column` takes an ACCESS EXCLUSIVE
-- lock on events until commit: no event is read or written meanwhile (ingest waits: its batches write
-- events). On a large table the backfill rewrites every row (a new version of each row and an entry in
-- each of the table's indexes; the table and indexes grow by about their size until vacuum), then
-- `set not null` scans the table and the index is built (a sort of the whole table). Measured on the
-- development machine (2 busy shared cores, system PostgreSQL 15, 50,000 sites): 128 s for 2 M events
-- (table and indexes 871 MB → 1,385 MB until vacuum); expect ~10 minutes at 10 M events. To keep that
-- out of the upgrade window, run the same steps before upgrading, in batches, each its own transaction
-- (they are all idempotent):
--
--   alter table events add column if not exists company_id text;           -- no rewrite, instant
--   update events e set company_id = s.company_id from sites s              -- repeat for :lo = min(id),
--    where s.uid = e.site_uid and e.id >= :lo and e.id < :lo + 100000       --   min(id) + 100000, ...
--      and e.company_id is null;                                            --   up to max(id)
--   create index concurrently if not exists events_company_id_idx on events (company_id, id desc);
--
-- then this migration only fills the events written since (one scan of the table) and checks
-- `not null` (another scan).
alter table events add column if not exists company_id text;

-- Before the trigger exists, so the backfill does not pay a trigger call per row; the lock taken by
-- `add column` keeps other sessions from inserting in between.
update events e set company_id = s.company_id from sites s where s.uid = e.site_uid and e.company_id is null;

alter table events alter column company_id set not null;

create function events_company_of_site() returns trigger language plpgsql as $$
begin
  select s.company_id into new.company_id from sites s where s.uid = new.site_uid;
  if not found then
    -- What the foreign key on site_uid would say (it is checked after this trigger).
    raise foreign_key_violation using message = format('site %s of the event does not exist', new.site_uid);
  end if;
  return new;
end
$$;
create trigger events_company before insert or update of site_uid, company_id on events
  for each row execute function events_company_of_site();

create function sites_events_company() returns trigger language plpgsql as $$
begin
  -- events_company sets each row's company from the (already updated) site.
  update events set company_id = new.company_id where site_uid = new.uid;
  return null;
end
$$;
create trigger sites_events_company after update of company_id on sites
  for each row when (old.company_id is distinct from new.company_id) execute function sites_events_company();

create index if not exists events_company_id_idx on events (company_id, id desc);
