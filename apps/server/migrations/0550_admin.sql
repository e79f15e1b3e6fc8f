-- Administration (docs/requirements.md#administration): device vendors with logo and company, the
-- company a device belongs to before it is bound, and vendor API tokens for HTTP ingest.

alter table device_vendors add column if not exists logo text;
alter table device_vendors add column if not exists company_id text references companies (id) on delete cascade;
alter table device_vendors add column if not exists updated_at timestamptz not null default now();
create index if not exists device_vendors_company_idx on device_vendors (company_id);

-- The customer a registered controller belongs to (set on bind; a device of no company is the
-- operator's stock, bindable by operators only).
alter table devices add column if not exists company_id text references companies (id) on delete set null;
update devices d set company_id = s.company_id from sites s where s.uid = d.site_uid and d.company_id is null;
create index if not exists devices_company_idx on devices (company_id);

-- Vendor API tokens (docs/requirements.md#vendor-tokens): `twv_<id>_<secret>`; only a SHA-256 of the
-- secret is stored. Several may be active at once (rotation); revoked_at ends one at once.
create table if not exists vendor_tokens (
  id text primary key,
  vendor_uid text not null references device_vendors (uid) on delete cascade,
  name text not null,
  secret_hash text not null,
  created_by text,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  accepted bigint not null default 0,
  rejected bigint not null default 0
);
create index if not exists vendor_tokens_vendor_idx on vendor_tokens (vendor_uid, created_at desc);
