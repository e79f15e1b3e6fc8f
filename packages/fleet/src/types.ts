/** Plain data of the demo fleet: what the server seed inserts and the simulator publishes for. */
import type { PinConfig } from '@towerwatch/contract';
import type { Cluster, CompanyCode, InstalledTenant, RectifierType, Zone } from '@towerwatch/domain';
import type { Division } from './geography.ts';

export interface DemoCompany {
  code: CompanyCode;
  /** Full company name (demo). */
  name: string;
  /** Short label shown with the logo (domain COMPANY_LABELS). */
  label: string;
}

export interface DemoDeviceVendor {
  uid: string;
  name: string;
  address: string;
}

export interface DemoSite {
  /** Stable site id, `{COMPANY}-{DISTRICT}-{NNNN}`, e.g. `KTBL-DHK-0001`. */
  uid: string;
  name: string;
  company: CompanyCode;
  /** Installed tenants, at least one; the first is the site's primary tenant. */
  tenants: InstalledTenant[];
  rectifier: { rectifier_type: RectifierType; rectifier_type_2: RectifierType | null };
  /** A battery management system is connected (OEM BMS records are published). */
  bms: boolean;
  /** Uid of the RMS device vendor. */
  device_vendor: string;
  place: { thana: string; district: string; division: Division };
  meta: { generic_site_id: string };
  /** Battery bank capacity (Ah, 48 V system). */
  battery_max: number;
  has_dg: boolean;
  has_pg: boolean;
  /** Door and lock access control installed. */
  has_acs: boolean;
  /** KTBL only (docs/requirements.md#clusters); null for other companies. */
  cluster: Cluster | null;
  zone: Zone | null;
  lat: number;
  lng: number;
  /** com_id of the site's RMS controller. */
  com_id: string;
  /** Physical parameters the simulator uses (not shown in the UI). */
  power: {
    /** Nominal DC load per tenant (A at 48 V); the critical share is 70 %. */
    nominal_load_a: Partial<Record<InstalledTenant, number>>;
    /** DG fuel tank size (litres), null without a DG. */
    dg_tank_litres: number | null;
  };
}

export interface DemoDevice {
  com_id: string;
  site_uid: string;
  vendor_uid: string;
  model: string;
  firmware: string;
  /** MQTT username (= com_id). */
  mqtt_username: string;
  /** MQTT password, DEMO ONLY (see demoDevicePassword). */
  mqtt_password: string;
}

/** A pin config of the fleet, with the site it belongs to. */
export type DemoPinConfig = PinConfig & { site_uid: string };

export interface DemoFleet {
  seed: number;
  companies: DemoCompany[];
  vendors: DemoDeviceVendor[];
  sites: DemoSite[];
  devices: DemoDevice[];
  pinConfigs: DemoPinConfig[];
}
