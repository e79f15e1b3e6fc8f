-- Messaging groups (Telegram): groups per company, their sites and alarm settings, the outbox of
-- notifications (one row per group and transition), incident messages edited in place, Telegram
-- account links (docs/requirements.md#messaging, docs/requirements.md#messaging-delivery).

create table telegram_groups (
  id bigint generated always as identity primary key,
  -- The chat; a group upgraded to a supergroup gets a new id (migrate_to_chat_id): the row keeps its
  -- id, sites and settings and only this changes.
  chat_id bigint not null unique,
  company_id text not null references companies (id) on delete cascade,
  title text not null,
  status text not null default 'active' check (status in ('active', 'inactive')),
  invite_link text,
  is_forum boolean not null default false,
  bot_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index telegram_groups_company_idx on telegram_groups (company_id);

create table telegram_group_sites (
  group_id bigint not null references telegram_groups (id) on delete cascade,
  site_uid text not null references sites (uid) on delete cascade,
  -- Forum topic of the site in a group with topics.
  topic_id integer,
  primary key (group_id, site_uid)
);
create index telegram_group_sites_site_idx on telegram_group_sites (site_uid);

create table telegram_policies (
  group_id bigint primary key references telegram_groups (id) on delete cascade,
  alarm_ids text[] not null,
  severities text[] not null,
  notify_raise boolean not null default true,
  notify_clear boolean not null default true,
  quiet_start integer check (quiet_start between 0 and 1439),
  quiet_end integer check (quiet_end between 0 and 1439),
  grouping_seconds integer not null default 300 check (grouping_seconds between 0 and 3600)
);

-- One Telegram message per site incident: the transitions within the grouping window are its lines.
create table telegram_incidents (
  id bigint generated always as identity primary key,
  group_id bigint not null references telegram_groups (id) on delete cascade,
  site_uid text not null,
  message_id integer,
  -- false for emergency messages (never joined by other transitions)
  joinable boolean not null default true,
  opened_at timestamptz not null,
  lines jsonb not null default '[]',
  updated_at timestamptz not null default now()
);
create index telegram_incidents_site_idx on telegram_incidents (group_id, site_uid, opened_at desc);

-- The outbox: the unique (group_id, event_id) is the idempotency key of a transition.
create table telegram_outbox (
  id bigint generated always as identity primary key,
  group_id bigint not null references telegram_groups (id) on delete cascade,
  event_id bigint not null,
  site_uid text not null,
  alarm_id text,
  event_name text not null,
  active boolean not null,
  event_time timestamptz not null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  action text check (action in ('send', 'edit')),
  silent boolean not null default false,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  incident_id bigint references telegram_incidents (id) on delete set null,
  message_id integer,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (group_id, event_id)
);
create index telegram_outbox_due_idx on telegram_outbox (next_attempt_at, id) where status = 'queued';
create index telegram_outbox_group_idx on telegram_outbox (group_id, id desc);

-- Scan position of the events table (one row, locked by the process that scans).
create table telegram_cursor (
  id integer primary key check (id = 1),
  last_event_id bigint not null
);
insert into telegram_cursor (id, last_event_id) select 1, coalesce(max(id), 0) from events;

-- The getUpdates offset (one row, locked by the process that polls: one poller at a time).
create table telegram_updates (
  id integer primary key check (id = 1),
  update_offset bigint not null default 0
);
insert into telegram_updates (id) values (1);

create table telegram_links (
  user_uid text primary key references users (uid) on delete cascade,
  telegram_user_id bigint not null unique,
  telegram_username text,
  linked_at timestamptz not null
);

create table telegram_link_codes (
  code text primary key,
  user_uid text not null references users (uid) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Acknowledgements made from a chat (the event row holds who and when, as from the web).
create table telegram_acknowledgements (
  event_id bigint primary key references events (id) on delete cascade,
  user_uid text not null,
  telegram_user_id bigint not null,
  acknowledged_at timestamptz not null
);
