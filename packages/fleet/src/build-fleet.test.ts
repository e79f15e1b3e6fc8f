import { pinConfig, TENANT_REQUIRED_PIN_TYPES } from '@towerwatch/contract';
import { CLUSTERS, COMPANY_CODES, INSTALLED_TENANTS, ZONES } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { buildDemoFleet, DEFAULT_SITE_COUNT } from './build-fleet.ts';
import { demoDevicePassword } from './credentials.ts';
import { BANGLADESH_BOUNDS, DISTRICTS, DIVISIONS } from './geography.ts';
import { PIN_LAYOUT } from './pin-layout.ts';

const fleet = buildDemoFleet();

describe('buildDemoFleet', () => {
  it('is deterministic: the same seed gives the same fleet, another seed a different one', () => {
    expect(buildDemoFleet()).toEqual(fleet);
    expect(buildDemoFleet({ seed: 7 })).toEqual(buildDemoFleet({ seed: 7 }));
    const other = buildDemoFleet({ seed: 7 });
    expect(other.sites.map((s) => s.uid)).not.toEqual(fleet.sites.map((s) => s.uid));
  });

  it('makes a smaller fleet the prefix of a larger one', () => {
    const small = buildDemoFleet({ sites: 12 });
    expect(small.sites).toEqual(fleet.sites.slice(0, 12));
    expect(small.devices).toEqual(fleet.devices.slice(0, 12));
  });

  it('has ~200 sites, the seven companies and one RMS device per site', () => {
    expect(fleet.sites).toHaveLength(DEFAULT_SITE_COUNT);
    expect(fleet.companies.map((c) => c.code).sort()).toEqual([...COMPANY_CODES].sort());
    expect(fleet.companies.find((c) => c.code === 'edc')?.label).toBe('EDOTCO');
    expect(fleet.devices).toHaveLength(fleet.sites.length);
    const counts = Object.fromEntries(
      COMPANY_CODES.map((code) => [code, fleet.sites.filter((s) => s.company === code).length]),
    );
    expect(counts).toEqual({ ktbl: 145, ftb: 25, edc: 10, stl: 5, scl: 5, demo: 5, rnd: 5 });
    expect(buildDemoFleet({ sites: 7 }).sites.map((s) => s.company)).toEqual([
      'ktbl',
      'ftb',
      'ktbl',
      'edc',
      'ktbl',
      'stl',
      'ktbl',
    ]);
  });

  it('gives unique uids, com_ids, generic ids and names in the expected formats', () => {
    const uids = fleet.sites.map((s) => s.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const site of fleet.sites) {
      expect(site.uid).toMatch(new RegExp(`^${site.company.toUpperCase()}-[A-Z]{3}-\\d{4}$`));
      expect(site.com_id).toMatch(/^RMS\d{6}$/);
    }
    expect(fleet.sites[0]?.uid).toMatch(/^KTBL-[A-Z]{3}-0001$/);
    for (const key of ['com_id', 'name'] as const) {
      const values = fleet.sites.map((s) => s[key]);
      expect(new Set(values).size).toBe(values.length);
    }
    const generic = fleet.sites.map((s) => s.meta.generic_site_id);
    expect(new Set(generic).size).toBe(generic.length);
  });

  it('places every site in a real district of its division, inside Bangladesh', () => {
    for (const site of fleet.sites) {
      const district = DISTRICTS.find((d) => d.name === site.place.district);
      expect(district, site.uid).toBeDefined();
      expect(site.place.division).toBe(district?.division);
      expect(district?.thanas.map((t) => t.name)).toContain(site.place.thana);
      expect(site.lat).toBeGreaterThanOrEqual(BANGLADESH_BOUNDS.minLat);
      expect(site.lat).toBeLessThanOrEqual(BANGLADESH_BOUNDS.maxLat);
      expect(site.lng).toBeGreaterThanOrEqual(BANGLADESH_BOUNDS.minLng);
      expect(site.lng).toBeLessThanOrEqual(BANGLADESH_BOUNDS.maxLng);
      // within ~0.1° of the district centre or its thana
      const thana = district?.thanas.find((t) => t.name === site.place.thana);
      const centre = { lat: thana?.lat ?? district?.lat ?? 0, lng: thana?.lng ?? district?.lng ?? 0 };
      expect(Math.hypot(site.lat - centre.lat, site.lng - centre.lng)).toBeLessThan(0.07);
    }
    expect(new Set(fleet.sites.map((s) => s.place.division)).size).toBe(DIVISIONS.length);
    expect(DISTRICTS.length).toBeGreaterThanOrEqual(40);
  });

  it('gives tenants, rectifiers, battery and clusters per the spec', () => {
    for (const site of fleet.sites) {
      expect(site.tenants.length).toBeGreaterThanOrEqual(1);
      expect(new Set(site.tenants).size).toBe(site.tenants.length);
      for (const tenant of site.tenants) expect(INSTALLED_TENANTS).toContain(tenant);
      expect(['vertiv', 'sarbs', 'eltek', 'jvolt']).toContain(site.rectifier.rectifier_type);
      expect(site.rectifier.rectifier_type_2).not.toBe(site.rectifier.rectifier_type);
      expect(site.battery_max).toBeGreaterThan(0);
      expect(Object.keys(site.power.nominal_load_a).sort()).toEqual([...site.tenants].sort());
      if (site.company === 'ktbl') {
        expect(CLUSTERS).toContain(site.cluster);
        expect(ZONES).toContain(site.zone);
      } else {
        expect(site.cluster).toBeNull();
        expect(site.zone).toBeNull();
      }
    }
    const dhanmondi = fleet.sites.find((s) => s.company === 'ktbl' && s.place.thana === 'Mirpur');
    if (dhanmondi) expect(dhanmondi.cluster).toBe('Mirpur');
    expect(fleet.sites.some((s) => s.has_dg)).toBe(true);
    expect(fleet.sites.some((s) => !s.has_dg)).toBe(true);
    expect(fleet.sites.some((s) => s.has_pg)).toBe(true);
    expect(fleet.sites.some((s) => s.bms)).toBe(true);
    expect(fleet.sites.filter((s) => s.company === 'ftb').every((s) => s.has_acs)).toBe(true);
  });

  it('gives each device com_id credentials with the demo password', () => {
    for (const device of fleet.devices) {
      const site = fleet.sites.find((s) => s.uid === device.site_uid);
      expect(site?.com_id).toBe(device.com_id);
      expect(device.mqtt_username).toBe(device.com_id);
      expect(device.mqtt_password).toBe(demoDevicePassword(device.com_id));
      expect(device.mqtt_password).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(demoDevicePassword('RMS100001')).not.toBe(demoDevicePassword('RMS100002'));
  });
});

describe('demo pin configs', () => {
  it('are valid pin configs; every tenant-required type has a tenant of its site', () => {
    for (const config of fleet.pinConfigs) {
      expect(pinConfig.safeParse(config).success, JSON.stringify(config)).toBe(true);
      const site = fleet.sites.find((s) => s.uid === config.site_uid);
      expect(config.com_id).toBe(site?.com_id);
      if ((TENANT_REQUIRED_PIN_TYPES as readonly string[]).includes(config.type)) {
        expect(config.tenant).not.toBeNull();
        expect(site?.tenants).toContain(config.tenant);
      }
    }
  });

  it('are unique by com_id + pin_name + tenant and follow the reference layout', () => {
    const keys = fleet.pinConfigs.map((c) => `${c.com_id}/${c.pin_name}/${c.tenant}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const site of fleet.sites) {
      const pins = fleet.pinConfigs.filter((c) => c.site_uid === site.uid);
      const terminal = pins.filter((c) => c.type === 'battery_terminal');
      expect(terminal.map((c) => c.pin_name)).toEqual(site.tenants.map(() => PIN_LAYOUT.batteryTerminal));
      expect(terminal.map((c) => c.tenant)).toEqual(site.tenants);
      expect(terminal[0]?.priority).toBe('primary');
      site.tenants.forEach((tenant, slot) => {
        const critical = pins.find((c) => c.type === 'battery_current_critical' && c.tenant === tenant);
        expect(critical?.pin_name).toBe(PIN_LAYOUT.loadCritical[slot]);
      });
      const door = pins.find((c) => c.priority === 'door');
      const lock = pins.find((c) => c.priority === 'lock');
      expect(door?.pin_name ?? null).toBe(site.has_acs ? 'di1' : null);
      expect(lock?.pin_name ?? null).toBe(site.has_acs ? 'di2' : null);
      expect(pins.some((c) => c.type === 'dg_status')).toBe(site.has_dg);
      expect(pins.some((c) => c.type === 'dg_fuel')).toBe(site.has_dg);
      expect(pins.some((c) => c.type === 'pg_status')).toBe(site.has_pg);
      // one config per pin name for non-shared pins
      const temperature = pins.filter((c) => c.type === 'temperature');
      expect(temperature).toHaveLength(1);
    }
  });
});
