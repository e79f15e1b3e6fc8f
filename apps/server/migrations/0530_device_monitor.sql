-- OEM data and device monitoring (issue 16). Owned by src/modules/oem, src/modules/device-monitor and
-- the ingest role.

-- What a controller reports about itself in its status message (docs/device-protocol.md §3, service
-- string): model, uptime, signal strength, last error; and when it last did.
alter table devices add column if not exists service jsonb;
alter table devices add column if not exists service_at timestamptz;

-- Refused device messages per device and reason (docs/device-protocol.md §10), added up by ingest.
-- com_id is the topic's com id: also ids no device has (unknown_device), hence no foreign key.
create table if not exists device_rejections (
  com_id text not null,
  reason text not null,
  count bigint not null,
  last_at timestamptz not null,
  last_error text,
  primary key (com_id, reason)
);

-- Offline transitions per device in the last 24 hours (flapping).
create index if not exists events_device_offline_idx on events (time, site_uid) where name = 'device_offline';

-- The fleet's OEM records newest first, and one site's records by time (history ranges).
create index if not exists oem_records_site_time_idx on oem_records (site_uid, kind, time);
