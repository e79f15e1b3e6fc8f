-- Power data (issue 14, docs/requirements.md#power-data). The run-hours, mains-availability and
-- backup-estimate calls read one site's transitions of a few event names over a time range (and the
-- last one before it): this index serves both without scanning the site's whole history.
create index if not exists events_site_name_time_idx on events (site_uid, name, time);
