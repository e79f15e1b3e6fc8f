-- The fleet alarm console (docs/requirements.md#alarm-console, docs/performance.md "Alarm console").
-- Its active view reads the alarms raised now, newest raise first, a page at a time (keyset on
-- raised_at, site_uid, alarm_id, tenant): this partial index holds exactly those rows in that order,
-- so the first page of a national fleet is an index range read instead of a sort of every raised
-- alarm. The alarms table has one row per site, alarm and tenant; the raised ones are a small part.
create index if not exists alarms_console_raised_idx
  on alarms (raised_at desc, site_uid desc, alarm_id desc, tenant desc)
  where not is_normal and is_available and not is_disable and raised_at is not null;
