-- Scheduled monthly reports (issue 15 "Beyond the anchors"): a company's schedules and the reports they
-- produced. The .xlsx bytes are kept in the database (one small file per schedule and month; no shared
-- disk needed when several processes run). unique (schedule_id, month) makes the monthly run
-- idempotent across job processes.

create table report_schedules (
  id bigint generated always as identity primary key,
  company_id text not null references companies (id) on delete cascade,
  kind text not null check (kind in ('dg', 'mains', 'battery', 'temperature', 'sla')),
  params jsonb not null default '{}',
  -- The creator's allowed tenants when it was created: the report is produced in that scope.
  tenants text[] not null,
  created_by text not null,
  created_at timestamptz not null default now()
);
create index report_schedules_company_idx on report_schedules (company_id);

create table produced_reports (
  id bigint generated always as identity primary key,
  schedule_id bigint references report_schedules (id) on delete set null,
  company_id text not null references companies (id) on delete cascade,
  kind text not null,
  -- The Asia/Dhaka month reported, YYYY-MM.
  month text not null,
  tenants text[] not null,
  file_name text not null,
  data bytea not null,
  -- Telegram groups the message went to (0: kept for download only).
  delivered_to integer not null default 0,
  produced_at timestamptz not null default now(),
  unique (schedule_id, month)
);
create index produced_reports_company_idx on produced_reports (company_id, id desc);
