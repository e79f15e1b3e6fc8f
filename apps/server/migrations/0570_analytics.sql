-- Analytics reports (issue 15, src/modules/analytics): the state of an event at the start of a report
-- period is the last transition of each (site, name, tenant) before it. With this index that is one
-- index descent per site and tenant, instead of reading months of events to find it.
create index if not exists events_site_name_tenant_time_idx on events (site_uid, name, tenant, time);
