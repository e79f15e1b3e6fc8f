-- Billing payments (docs/requirements.md#billing). A transaction reference is recorded once
-- (case-insensitive): a repeat answers `duplicate`.
create table payments (
  id bigint generated always as identity primary key,
  company_id text not null references companies (id) on delete restrict,
  period text not null check (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  amount numeric(14, 2) not null check (amount > 0),
  currency text not null default 'BDT',
  method text not null,
  transaction_ref text not null,
  status text not null,
  note text not null default '',
  recorded_by text not null references users (uid) on delete restrict,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index payments_transaction_ref_key on payments (lower(transaction_ref));
create index payments_company_idx on payments (company_id, period);
