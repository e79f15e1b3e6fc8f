/**
 * @vitest-environment happy-dom
 *
 * The smart dashboard's tiles per demo role (docs/requirements.md#dashboard-tiles, docs/requirements.md#tile-masking):
 * exactly the tiles the role allows (ACS-only tiles, Paused Alarms only for rms-only users); read-only
 * users get every tile but Total Sites, DC No Load and DC Overload masked with the ban icon, no count,
 * no link and no hover breakdown; a tile links to /site/list with its filter (and the dashboard's tenant).
 */
import type { DashboardCountReply } from '@towerwatch/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUsername } from '../../../testing/demo-users.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { DashboardTiles } from './dashboard-tiles.tsx';

const ACS_TILES = [
  'Total Sites',
  'RMS Installed',
  'ACS Installed',
  'Device Offline',
  'PG ON',
  'DC No Load',
  'DC Overload',
  'Door Open',
  'Security Breach',
];
const RMS_ONLY_TILES = [
  'Total Sites',
  'RMS Installed',
  'Device Offline',
  'PG ON',
  'Paused Alarms',
  'DC No Load',
  'DC Overload',
];
const EXPECTED_TILES: Partial<Record<DemoUsername, string[]>> = {
  ktbl: ACS_TILES,
  super: ACS_TILES,
  'ktbl.rms': RMS_ONLY_TILES,
  'ktbl.employee': ACS_TILES,
  'robi.viewer': ACS_TILES,
  noc: ACS_TILES,
  ftb: ACS_TILES,
};
const UNMASKED = ['Total Sites', 'DC No Load', 'DC Overload'];
const MASKED_LABEL = 'Masked: Not available to read-only users';

const dashboard = {
  siteCount: { total: 120, rms: 110, rectifier: 40, acs: 60, sarbs: 10, vertiv: 20, eltek: 10 },
  alarmCount: {
    byAlarm: {},
    paused: 2,
    deviceOffline: { lt24h: 1, lt48h: 0, lt72h: 2, gte72h: 3, total: 6 },
  },
  dcLoadCount: { no_load: 4, normal_load: 100, over_load: 5, loadCount: {} },
} satisfies DashboardCountReply;

function showTiles(username: DemoUsername, tenant: string | null = null) {
  const user = DEMO_USERS[username];
  renderInApp(<DashboardTiles user={user} tenant={tenant} status={undefined} dashboard={dashboard} />, {
    user,
  });
}

const tile = (label: string) => screen.getByRole('group', { name: label });
const tileLabels = () =>
  [...document.querySelectorAll('[data-tile]')].map((node) => node.getAttribute('aria-label'));

describe('dashboard tiles by role', () => {
  for (const [username, tiles] of Object.entries(EXPECTED_TILES) as [DemoUsername, string[]][]) {
    it(`${username} sees exactly its tiles`, () => {
      showTiles(username);
      expect(tileLabels()).toEqual(tiles);
    });
  }
});

describe('read-only masking', () => {
  for (const username of ['robi.viewer', 'noc'] as const) {
    it(`${username}: every tile but total, DC no load and DC overload is masked, with no count or link`, async () => {
      showTiles(username);
      for (const label of ACS_TILES) {
        const group = within(tile(label));
        if (UNMASKED.includes(label)) {
          expect(group.queryAllByRole('img', { name: MASKED_LABEL }), label).toHaveLength(0);
          expect(group.getAllByRole('link'), label).toHaveLength(1);
          expect(group.getByTestId('tile-count').textContent, label).toMatch(/^\d+$/);
        } else {
          expect(group.getAllByRole('img', { name: MASKED_LABEL }), label).toHaveLength(1);
          expect(group.queryAllByRole('link'), label).toHaveLength(0);
          expect(group.queryAllByTestId('tile-count'), label).toHaveLength(0);
        }
      }
      // The reason shows on hover; and no hover breakdown is rendered for a read-only user.
      const user = userEvent.setup({ delay: null });
      await user.hover(within(tile('Device Offline')).getByRole('img', { name: MASKED_LABEL }));
      expect(await screen.findByRole('tooltip', { name: 'Not available to read-only users' })).toBeTruthy();
      expect(screen.queryByLabelText('Device Offline breakdown')).toBeNull();
      expect(screen.queryByText('<24 Hours')).toBeNull();
    });
  }

  it('a monitoring user sees no masks, the counts and the hover breakdowns', async () => {
    showTiles('ktbl');
    expect(screen.queryAllByRole('img', { name: MASKED_LABEL })).toHaveLength(0);
    expect(within(tile('Total Sites')).getByTestId('tile-count').textContent).toBe('120');
    expect(within(tile('Device Offline')).getByTestId('tile-count').textContent).toBe('6');
    const user = userEvent.setup({ delay: null });
    await user.hover(within(tile('Device Offline')).getByRole('link'));
    const breakdown = await screen.findByLabelText('Device Offline breakdown');
    for (const bucket of ['<24 Hours', '<48 Hours', '<72 Hours', '>72 Hours'])
      expect(breakdown.textContent).toContain(bucket);
  });
});

describe('tile links', () => {
  const query = (label: string) => {
    const href = within(tile(label)).getByRole('link').getAttribute('href') ?? '';
    const url = new URL(href, 'http://towerwatch.test');
    return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
  };

  it('Device Offline links to /site/list filtered to offline devices', () => {
    showTiles('ktbl');
    expect(query('Device Offline')).toEqual({
      path: '/site/list',
      params: { type: 'alarm', id: 'device_online', expected: 'false' },
    });
  });

  it('DC Overload on a tenant dashboard keeps the tenant in the filter', () => {
    showTiles('robi.viewer', 'robi');
    expect(query('DC Overload')).toEqual({
      path: '/site/list',
      params: { type: 'property', id: 'dc_load', value: 'OVER', tenant: 'robi' },
    });
  });

  it('Paused Alarms is not a link', () => {
    showTiles('ktbl.rms');
    expect(within(tile('Paused Alarms')).queryAllByRole('link')).toHaveLength(0);
  });
});
