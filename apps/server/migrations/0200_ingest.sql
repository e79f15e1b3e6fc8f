-- Ingest, alarms and live (issue 4). Owned by src/ingest, src/alarms, src/jobs.

-- Site events carry whether the condition started (true) or ended (false): dg_power true = DG started,
-- false = DG stopped (docs/api.md "Site events"). Paired names (door_open/door_close) carry it too.
alter table events add column if not exists active boolean not null default true;
alter table events add column if not exists alarm_id text;

-- De-duplication of device messages: a (com_id, msg_id) accepted once is ignored when redelivered
-- (QoS 1 redelivery, device retries). Rows older than INGEST_DEDUP_DAYS are deleted by the jobs role.
create table if not exists ingest_messages (
  com_id text not null,
  msg_id text not null,
  received_at timestamptz not null,
  primary key (com_id, msg_id)
);
create index if not exists ingest_messages_received_idx on ingest_messages (received_at);

-- DC load state per site and tenant (docs/requirements.md#dc-load: DOWN / NORMAL / OVER) as last classified by the
-- alarm engine with the site's thresholds.
create table if not exists dc_load_state (
  site_uid text not null references sites (uid) on delete cascade,
  tenant text not null,
  state text not null check (state in ('DOWN', 'NORMAL', 'OVER')),
  current double precision not null,
  updated_at timestamptz not null,
  primary key (site_uid, tenant)
);

-- Card swipes reported by devices (tw/v1/dev/{com_id}/access).
create table if not exists access_records (
  id bigint generated always as identity primary key,
  site_uid text references sites (uid) on delete cascade,
  com_id text not null,
  card_number text not null,
  granted boolean not null,
  door text,
  reason text,
  time timestamptz not null
);
create index if not exists access_records_site_idx on access_records (site_uid, id desc);

-- OEM rectifier/BMS records forwarded by devices (tw/v1/dev/{com_id}/oem), kept as JSON.
create table if not exists oem_records (
  id bigint generated always as identity primary key,
  site_uid text references sites (uid) on delete cascade,
  com_id text not null,
  kind text not null,
  time timestamptz not null,
  data jsonb not null
);
create index if not exists oem_records_site_idx on oem_records (site_uid, kind, id desc);

-- Progress of background jobs (e.g. the hourly rollup watermark).
create table if not exists job_state (
  name text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Firmware reported in the device status message.
alter table devices add column if not exists firmware text;
