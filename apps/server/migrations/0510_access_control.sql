-- Issue 13: door and lock access control (docs/requirements.md#access-control).
-- Cards belong to a company; an access card of the spec (access_id) is a card's assignment to a site.

create table access_cards (
  id integer generated always as identity primary key,
  company_id text not null,
  card_number text not null,
  holder_name text,
  valid_from timestamptz,
  valid_until timestamptz,
  blocked boolean not null default false,
  master boolean not null default false,
  time_windows jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, card_number)
);
create index access_cards_master_idx on access_cards (company_id) where master;

-- Per-site assignments (POST /door/access/add-card); id is the spec's access_id.
create table access_site_cards (
  id integer generated always as identity primary key,
  site_uid text not null references sites (uid) on delete cascade,
  card_id integer not null references access_cards (id) on delete cascade,
  user_uid text,
  created_at timestamptz not null default now(),
  unique (site_uid, card_id)
);
create index access_site_cards_card_idx on access_site_cards (card_id);

create table access_card_groups (
  id integer generated always as identity primary key,
  company_id text not null,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index access_card_groups_company_idx on access_card_groups (company_id);
create table access_card_group_members (
  group_id integer not null references access_card_groups (id) on delete cascade,
  card_id integer not null references access_cards (id) on delete cascade,
  primary key (group_id, card_id)
);
create index access_card_group_members_card_idx on access_card_group_members (card_id);

create table access_site_groups (
  id integer generated always as identity primary key,
  company_id text not null,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index access_site_groups_company_idx on access_site_groups (company_id);
create table access_site_group_members (
  group_id integer not null references access_site_groups (id) on delete cascade,
  site_uid text not null references sites (uid) on delete cascade,
  primary key (group_id, site_uid)
);
create index access_site_group_members_site_idx on access_site_group_members (site_uid);

-- A card or card group attached to a site or site group (POST /door/manage/attach-groups).
create table access_attachments (
  id integer generated always as identity primary key,
  company_id text not null,
  card_id integer references access_cards (id) on delete cascade,
  card_group_id integer references access_card_groups (id) on delete cascade,
  site_uid text references sites (uid) on delete cascade,
  site_group_id integer references access_site_groups (id) on delete cascade,
  created_by text,
  created_at timestamptz not null default now(),
  check (num_nonnulls(card_id, card_group_id) = 1 and num_nonnulls(site_uid, site_group_id) = 1)
);
create unique index access_attachments_pair_idx on access_attachments (
  coalesce(card_id, 0), coalesce(card_group_id, 0), coalesce(site_uid, ''), coalesce(site_group_id, 0));
create index access_attachments_site_idx on access_attachments (site_uid) where site_uid is not null;
create index access_attachments_site_group_idx on access_attachments (site_group_id) where site_group_id is not null;

-- Sync of each site's effective list to its device (docs/requirements.md#access-sync).
create table access_sync (
  site_uid text primary key references sites (uid) on delete cascade,
  version integer not null default 0,
  com_id text,
  card_count integer not null default 0,
  error text,
  updated_at timestamptz
);
-- The commands (chunks) that carried each version; a version is applied when all are acked.
create table access_sync_versions (
  site_uid text not null references sites (uid) on delete cascade,
  version integer not null,
  command_ids bigint[] not null,
  created_at timestamptz not null default now(),
  primary key (site_uid, version)
);
-- Which list entries each version holds: an entry is in version v when added_version <= v and
-- (removed_version is null or removed_version > v). The revocation ledger reads it.
create table access_list_entries (
  id bigint generated always as identity primary key,
  site_uid text not null references sites (uid) on delete cascade,
  card_number text not null,
  entry jsonb not null,
  added_version integer not null,
  removed_version integer
);
create index access_list_entries_open_idx on access_list_entries (site_uid) where removed_version is null;
create index access_list_entries_card_idx on access_list_entries (card_number, site_uid);

-- Access records: remote unlocks (kind remote_unlock) carry the operator who unlocked.
alter table access_records add column kind text not null default 'card';
alter table access_records add column unlocked_by text;
alter table access_records add column command_id bigint;
