import { describe, expect, it } from 'vitest';
import { dashboardTilesFor, isPanelCountMasked, tileCountDisplay, tilePulses } from './dashboard-tiles.ts';
import type { DomainUser } from './users.ts';

const user = (over: Partial<DomainUser> = {}): DomainUser => ({ uid: 'u1', type: 'company', ...over });
const tileIds = (u: DomainUser) => dashboardTilesFor(u).map((t) => t.id);

describe('smart dashboard tiles (docs/requirements.md#dashboard-tiles)', () => {
  it('ACS tiles only with acs; Paused Alarms only with rms and no acs', () => {
    expect(tileIds(user({ meta: { accessRoles: ['rms'] } }))).toEqual([
      'total_sites',
      'rms_installed',
      'device_offline',
      'pg_on',
      'paused_alarms',
      'dc_no_load',
      'dc_overload',
    ]);
    const acs = tileIds(user({ meta: { accessRoles: ['rms', 'acs'] } }));
    expect(acs).toContain('acs_installed');
    expect(acs).toContain('security_breach');
    expect(acs).not.toContain('paused_alarms');
  });

  it('Paused Alarms is never a link', () => {
    const paused = dashboardTilesFor(user({ meta: { accessRoles: ['rms'] } })).find(
      (t) => t.id === 'paused_alarms',
    );
    expect(paused?.clickable).toBe(false);
  });

  it('read-only users see masked tiles except total and DC load ones, and no breakdowns', () => {
    const tiles = dashboardTilesFor(user({ type: 'read_only', meta: { accessRoles: ['rms'] } }));
    const byId = Object.fromEntries(tiles.map((t) => [t.id, t]));
    expect(byId.total_sites?.masked).toBe(false);
    expect(byId.dc_no_load?.clickable).toBe(true);
    expect(byId.device_offline).toMatchObject({ masked: true, clickable: false, breakdown: [] });
    expect(byId.rms_installed?.breakdown).toEqual([]);
  });

  it('others get the hover breakdowns', () => {
    const offline = dashboardTilesFor(user()).find((t) => t.id === 'device_offline');
    expect(offline?.breakdown).toEqual(['<24 Hours', '<48 Hours', '<72 Hours', '>72 Hours']);
    expect(offline?.masked).toBe(false);
  });

  it("a count of '_' shows a spinner", () => {
    expect(tileCountDisplay('_')).toEqual({ spinner: true });
    expect(tileCountDisplay(0)).toEqual({ spinner: false, text: '0' });
  });

  it('Security Breach pulses only when non-zero', () => {
    expect(tilePulses('security_breach', 1)).toBe(true);
    expect(tilePulses('security_breach', 0)).toBe(false);
    expect(tilePulses('door_open', 3)).toBe(false);
  });
});

describe('panel counts under masked tiles (docs/requirements.md#tile-masking)', () => {
  const viewer = { type: 'read_only' as const, meta: { accessRoles: ['acs', 'rms'] } };
  const company = { type: 'company' as const, meta: { accessRoles: ['acs', 'rms'] } };
  it('masks door open, security breach, total door and PG power for read-only users only', () => {
    for (const [panel, label] of [
      ['Access', 'Door Open'],
      ['Access', 'Security Breach'],
      ['Access', 'Total Door'],
      ['Power', 'PG Power'],
    ] as const) {
      expect(isPanelCountMasked(viewer, panel, label), label).toBe(true);
      expect(isPanelCountMasked(company, panel, label), label).toBe(false);
    }
    // Counts no tile hides stay.
    expect(isPanelCountMasked(viewer, 'Power', 'Mains On')).toBe(false);
  });
});
