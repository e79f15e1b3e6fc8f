-- Issue 12: the audit log of security-relevant actions (docs/api.md "Audit log"). Append-only: a
-- trigger refuses every update, delete and truncate, so rows once written stay as written. No foreign
-- keys: the log outlives the users, sites and devices it names.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  action text not null,
  actor_uid text,
  actor_username text,
  company_id text,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  detail jsonb
);
create index audit_log_company_idx on audit_log (company_id, id desc);
create index audit_log_action_idx on audit_log (action, id desc);
create index audit_log_actor_idx on audit_log (actor_uid, id desc);
create index audit_log_target_idx on audit_log (target_id, id desc);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end;
$$;
create trigger audit_log_no_change before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();
