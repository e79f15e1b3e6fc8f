-- Support tickets (docs/requirements.md#tickets), TMF621-shaped: status history, related site and
-- alarms, notes (append-only), image attachments (bytes in the database), SLA clock fields.

-- Company settings of the ticket and billing areas: SLA targets per severity (null = the domain's
-- defaults) and the monthly rate per monitored site in BDT (null = the domain's default).
create table company_settings (
  company_id text primary key references companies (id) on delete cascade,
  ticket_sla jsonb,
  per_site_rate numeric(12, 2),
  updated_at timestamptz not null default now()
);

create table tickets (
  id bigint generated always as identity primary key,
  company_id text not null references companies (id) on delete restrict,
  site_uid text not null references sites (uid) on delete cascade,
  -- tenant of the ticket's alarm ('' = none): tickets are scoped by it like alarms
  tenant text not null default '',
  title text not null,
  description text not null default '',
  type text not null,
  severity text not null,
  priority text not null,
  status text not null,
  assignee_uid text references users (uid) on delete set null,
  created_by text not null references users (uid) on delete restrict,
  requested_at timestamptz not null,
  acknowledged_at timestamptz,
  resolved_at timestamptz,
  updated_at timestamptz not null,
  -- SLA targets copied at creation (minutes), so a later settings change does not move old clocks
  sla_acknowledge_minutes integer not null,
  sla_resolve_minutes integer not null,
  paused_ms bigint not null default 0,
  -- paused_ms when the ticket was acknowledged: later pauses do not move the met acknowledge clock
  acknowledge_paused_ms bigint,
  paused_since timestamptz
);
create index tickets_company_idx on tickets (company_id, id desc);
create index tickets_site_idx on tickets (site_uid, id desc);
create index tickets_assignee_idx on tickets (assignee_uid, id desc);

-- Status history (TMF621 statusChange): from null = creation.
create table ticket_status_changes (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references tickets (id) on delete cascade,
  from_status text,
  to_status text not null,
  reason text,
  by_uid text not null references users (uid) on delete restrict,
  at timestamptz not null
);
create index ticket_status_changes_ticket_idx on ticket_status_changes (ticket_id, id);

-- Alarms linked to a ticket. One open ticket per alarm is enforced by the service in a transaction
-- that locks the alarm key (advisory lock).
create table ticket_alarms (
  ticket_id bigint not null references tickets (id) on delete cascade,
  site_uid text not null,
  alarm_id text not null,
  tenant text not null default '',
  event_id bigint,
  linked_at timestamptz not null,
  primary key (ticket_id, site_uid, alarm_id, tenant)
);
create index ticket_alarms_alarm_idx on ticket_alarms (site_uid, alarm_id, tenant);

create table ticket_notes (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references tickets (id) on delete cascade,
  author_uid text not null references users (uid) on delete restrict,
  body text not null,
  at timestamptz not null
);
create index ticket_notes_ticket_idx on ticket_notes (ticket_id, id);

create table ticket_attachments (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references tickets (id) on delete cascade,
  name text not null,
  content_type text not null,
  size integer not null,
  data bytea not null,
  uploaded_by text not null references users (uid) on delete restrict,
  at timestamptz not null
);
create index ticket_attachments_ticket_idx on ticket_attachments (ticket_id, id);
