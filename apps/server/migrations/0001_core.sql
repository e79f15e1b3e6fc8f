-- Core schema of Towerwatch. One schema, snake_case columns, UTC timestamps (timestamptz).
-- Numbering: 0001-0099 core (server foundation), 0100-0199 sites/network, 0200-0299 ingest/alarms.
-- Nothing here is schema-qualified: the runner applies it in the connection's search_path.

-- Companies (docs/requirements.md#companies): ktbl, ftb, stl, rnd, demo, scl, edc.
create table companies (
  id text primary key,
  code text not null unique,
  name text not null,
  label text not null,
  logo text,
  -- special flags of docs/requirements.md#special-root ("two company ids get special flags"); free-form.
  flags jsonb not null default '{}',
  created_at timestamptz not null default now()
);

-- Users (docs/requirements.md#user-entity, docs/requirements.md#special-root). uid is text: the spec's special root uids are '1' and '30';
-- generated uids start at 1000 so seeds can use the small ones.
create sequence user_uid_seq start with 1000;
create table users (
  uid text primary key default nextval('user_uid_seq')::text,
  username text not null,
  password_hash text not null,
  name text not null default '',
  email text,
  phone text,
  type text not null check (type in ('employee', 'company', 'read_only', 'sudo', 'support', 'superuser', 'finance')),
  tenants text[] not null default '{}',
  root_user_uid text references users (uid) on delete restrict,
  company_id text references companies (id) on delete restrict,
  logo text,
  access_roles text[] not null default '{}',
  scope text[] not null default '{}',
  totp_secret text,
  two_factor_enabled boolean not null default false,
  disabled boolean not null default false,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));
create index users_root_user_uid_idx on users (root_user_uid);
create index users_company_id_idx on users (company_id);

-- A sign-in: one refresh-token family. Access tokens carry its id (sid), so logout and
-- "revoke all" end the access tokens of the session too.
create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_uid text not null references users (uid) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index auth_sessions_user_idx on auth_sessions (user_uid) where revoked_at is null;

-- Rotating refresh tokens (only a SHA-256 of the token is stored). A token is used once; reuse
-- of a used token revokes its whole family.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_uid text not null references users (uid) on delete cascade,
  token_hash text not null unique,
  family_id uuid not null references auth_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  replaced_by uuid
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);

-- Failed logins, for the per-account and per-IP limits (shared by every api process).
create table login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  ip text not null,
  at timestamptz not null
);
create index login_failures_username_idx on login_failures (lower(username), at);
create index login_failures_ip_idx on login_failures (ip, at);

-- Sites (docs/requirements.md#site-entity). company_id scopes every query; user_uid is the owning root user.
create table sites (
  uid text primary key,
  name text not null,
  company_id text not null references companies (id) on delete restrict,
  user_uid text references users (uid) on delete set null,
  tenants text[] not null default '{}',
  thana text,
  district text,
  division text,
  lat double precision,
  lng double precision,
  -- meta.generic_site_id and other free-form metadata
  meta jsonb not null default '{}',
  -- { rectifier_type, rectifier_type_2 }
  rectifier jsonb not null default '{}',
  bms jsonb,
  battery_max double precision,
  device_vendor text,
  more_details jsonb not null default '{}',
  -- per-site thresholds and paused (disabled) alarms
  settings jsonb not null default '{}',
  -- per-tenant value
  inc jsonb not null default '{}',
  cluster text,
  zone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sites_company_idx on sites (company_id, uid);
create index sites_user_uid_idx on sites (user_uid);
create index sites_tenants_idx on sites using gin (tenants);
create index sites_place_idx on sites (division, district, thana);

-- RMS devices, identified by com_id. secret_hash: scrypt hash of the device password.
create table devices (
  com_id text primary key,
  site_uid text references sites (uid) on delete set null,
  vendor text,
  secret_hash text,
  last_seen_at timestamptz,
  online boolean not null default false,
  created_at timestamptz not null default now()
);
create index devices_site_idx on devices (site_uid);
create index devices_last_seen_idx on devices (last_seen_at);

-- Pin configs (docs/requirements.md#pin-config).
create table pin_configs (
  id bigint generated always as identity primary key,
  com_id text not null,
  pin_name text not null,
  type text not null,
  priority text,
  tenant text,
  site_uid text references sites (uid) on delete cascade,
  user_uid text,
  label text,
  unique (com_id, pin_name)
);
create index pin_configs_site_idx on pin_configs (site_uid);

-- Latest value of every pin (what dashboards read; telemetry is the history).
create table pin_latest (
  com_id text not null,
  pin_name text not null,
  value double precision,
  ts timestamptz not null,
  primary key (com_id, pin_name)
);

-- Raw telemetry, partitioned by month on ts. The primary key makes a re-delivered reading a no-op
-- (insert ... on conflict do nothing). Partitions are created ahead by ensure_telemetry_partitions
-- (here for the current months and daily by the jobs role); old ones are dropped for retention.
-- See docs/operations.md "Partitioning and retention".
create table telemetry (
  com_id text not null,
  pin_name text not null,
  ts timestamptz not null,
  value double precision not null,
  primary key (com_id, pin_name, ts)
) partition by range (ts);
create table telemetry_default partition of telemetry default;

create function ensure_telemetry_partitions(p_from date, p_months integer) returns integer
language plpgsql as $$
declare
  m date := date_trunc('month', p_from)::date;
  created integer := 0;
  part text;
begin
  for i in 0 .. p_months - 1 loop
    part := format('telemetry_y%sm%s', to_char(m, 'YYYY'), to_char(m, 'MM'));
    if to_regclass(part) is null then
      begin
        execute format('create table %I partition of telemetry for values from (%L) to (%L)',
          part, m::timestamptz, (m + interval '1 month')::timestamptz);
        created := created + 1;
      exception when others then
        -- e.g. the default partition already holds rows of that month: keep them there.
        raise notice 'telemetry partition % not created: %', part, sqlerrm;
      end;
    end if;
    m := (m + interval '1 month')::date;
  end loop;
  return created;
end
$$;
select ensure_telemetry_partitions((now() - interval '1 month')::date, 4);

-- Hourly rollups of telemetry (charts over weeks/months read these, not raw rows).
create table telemetry_hourly (
  com_id text not null,
  pin_name text not null,
  hour timestamptz not null,
  min double precision not null,
  max double precision not null,
  sum double precision not null,
  count integer not null,
  primary key (com_id, pin_name, hour)
);
create index telemetry_hourly_hour_idx on telemetry_hourly (hour);

-- Alarm state per site, alarm id and tenant ('' = no tenant). Raised/cleared with times,
-- acknowledged with who and when, paused = is_disable and is_available (docs/requirements.md#paused-alarm).
create table alarms (
  site_uid text not null references sites (uid) on delete cascade,
  alarm_id text not null,
  tenant text not null default '',
  is_normal boolean not null default true,
  is_available boolean not null default true,
  is_disable boolean not null default false,
  raised_at timestamptz,
  cleared_at timestamptz,
  last_event_at timestamptz,
  acknowledged_by text,
  acknowledged_at timestamptz,
  value double precision,
  primary key (site_uid, alarm_id, tenant)
);
create index alarms_active_idx on alarms (alarm_id, site_uid) where not is_normal and is_available;
create index alarms_paused_idx on alarms (site_uid) where is_disable and is_available;

-- Events: the append-only history (docs/requirements.md#event-entity). Numeric ids paged downward from
-- 2147483647, 100 per page. source_key (optional) makes a re-delivered device event a no-op.
create table events (
  id bigint generated always as identity primary key,
  site_uid text not null references sites (uid) on delete cascade,
  com_id text,
  name text not null,
  tenant text not null default '',
  time timestamptz not null,
  value jsonb,
  event_group text not null default 'RMS' check (event_group in ('RMS', 'ACS')),
  acknowledged_by text,
  acknowledged_at timestamptz,
  source_key text
);
create index events_site_id_idx on events (site_uid, id desc);
create index events_group_id_idx on events (event_group, id desc);
create index events_time_idx on events (time);
create unique index events_source_key_idx on events (source_key) where source_key is not null;

-- Site down periods (docs/requirements.md#site-availability). ended_at null = down now.
create table site_down_history (
  id bigint generated always as identity primary key,
  site_uid text not null references sites (uid) on delete cascade,
  started_at timestamptz not null,
  ended_at timestamptz
);
create index site_down_history_site_idx on site_down_history (site_uid, started_at desc);
create unique index site_down_history_open_idx on site_down_history (site_uid) where ended_at is null;

-- Commands to devices (unlock, digital control, clear security breach, ...).
create table commands (
  id bigint generated always as identity primary key,
  site_uid text not null references sites (uid) on delete cascade,
  com_id text,
  command text not null,
  params jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'sent', 'acked', 'failed')),
  requested_by text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  acked_at timestamptz,
  error text
);
create index commands_site_idx on commands (site_uid, id desc);
create index commands_open_idx on commands (com_id, id) where status in ('pending', 'sent');

-- User sessions on a site (POST /user/session/start).
create table sessions (
  id bigint generated always as identity primary key,
  user_uid text not null references users (uid) on delete cascade,
  site_uid text not null references sites (uid) on delete cascade,
  started_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_uid, started_at desc);
create index sessions_site_idx on sessions (site_uid, started_at desc);
