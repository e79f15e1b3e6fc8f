-- Shared inputs (mains phases, DC bus voltage, DG/PG status) carry one pin config per site tenant
-- (docs/device-protocol.md "Reference pin layout"), so a pin is unique per (com_id, pin_name, tenant).
alter table pin_configs drop constraint pin_configs_com_id_pin_name_key;
create unique index pin_configs_pin_tenant_key on pin_configs (com_id, pin_name, coalesce(tenant, ''));
create index pin_configs_com_id_idx on pin_configs (com_id);

-- RMS device vendors (docs/requirements.md#device-vendors: /device-vendor/*); sites.device_vendor holds the uid.
create table device_vendors (
  uid text primary key,
  name text not null,
  address text,
  created_at timestamptz not null default now()
);

-- Device model and firmware as reported/registered.
alter table devices add column model text, add column firmware text;
