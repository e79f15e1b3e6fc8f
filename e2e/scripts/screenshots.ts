/**
 * Takes the README screenshots (docs/screenshots/) with headless Chromium against a running server:
 * `BASE_URL=http://127.0.0.1:3000 npx tsx e2e/scripts/screenshots.ts [names...]`. `SHOT_THEME=light`
 * takes them in the light theme (switched with the top bar's switch) into `SHOT_OUT` (default
 * /tmp/towerwatch-light-shots), to look at every screen in both themes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { ALARM_CONSOLE_VIEWPORTS, alarmConsoleShots, switchToLightTheme } from './alarm-console-shots.ts';
import { ANALYTICS_SHOTS, analyticsShots } from './analytics-shots.ts';
import { oemShots } from './oem-shots.ts';

const LIGHT = process.env.SHOT_THEME === 'light';
const OUT = LIGHT
  ? (process.env.SHOT_OUT ?? '/tmp/towerwatch-light-shots')
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';

async function signIn(page: Page, username: string) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('towerwatch');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/welcome');
}

/** Opens a DG site (its DG running, if one is) from All Sites: the power pages then have a generator to show. */
async function openDgSite(page: Page) {
  const login = await fetch(`${BASE}/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ktbl', password: 'towerwatch' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const fleet = (await (
    await fetch(`${BASE}/fuel/fleet`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { items: { siteUid: string; dgRunning: boolean; low: boolean }[] };
  const site = fleet.items.find((s) => s.dgRunning && !s.low) ?? fleet.items[0];
  if (!site) throw new Error('no DG site');
  await page.goto(`${BASE}/site/list`);
  await page.getByLabel('Search sites').fill(site.siteUid);
  await page.locator(`tr[data-site-uid="${site.siteUid}"]`).click();
  await page.waitForURL('**/site');
  await page.getByRole('region', { name: 'Battery' }).waitFor();
}

/** The Create ticket link of the mains alarm's row, else the first one. */
function createTicketLink(page: Page) {
  return page
    .locator('tr[data-alarm-id="mains_fail"]')
    .getByRole('link', { name: 'Create ticket' })
    .or(page.getByRole('link', { name: 'Create ticket' }))
    .first();
}

/** Opens /alarm of a ktbl site with a raised alarm (found with the API), the way a user does. */
async function openAlarmsOfRaisedSite(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('auth.access_token'));
  const res = await fetch(`${BASE}/user/site/fetch?limit=1000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await res.json()) as {
    items: { uid: string; alarms: { id: string; isNormal: boolean; isAvailable: boolean }[] }[];
  };
  const mains = (s: (typeof list.items)[number]) =>
    s.alarms.some((a) => a.id === 'mains_fail' && !a.isNormal && a.isAvailable);
  const site =
    list.items.find(mains) ?? list.items.find((s) => s.alarms.some((a) => !a.isNormal && a.isAvailable));
  if (!site) throw new Error('no site with a raised alarm');
  await page.goto(`${BASE}/site/list`);
  await page.getByLabel('Search sites').fill(site.uid);
  await page.locator(`tr[data-site-uid="${site.uid}"]`).click();
  await page.waitForURL('**/site');
  await page.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Alarms' }).click();
  await page.getByRole('table', { name: 'Site alarms' }).waitFor();
}

const SHOTS: Record<string, (page: Page) => Promise<void>> = {
  landing: async (page) => {
    await page.goto(`${BASE}/`);
    await page.getByRole('link', { name: 'Login Here' }).first().waitFor();
  },
  login: async (page) => {
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Username').waitFor();
  },
  'business-dashboard': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/dashboard/business`);
    await page.locator('[data-tile]').first().waitFor();
    await page.waitForTimeout(2500);
  },
  // A tenant read-only user: its tenant's dashboard, with the reason of a masked tile shown on focus.
  'tenant-dashboard': async (page) => {
    await signIn(page, 'robi.viewer');
    await page.goto(`${BASE}/dashboard/robi`);
    await page.locator('[data-tile]').first().waitFor();
    await page.waitForTimeout(2500);
    await page
      .getByRole('img', { name: /^Masked/ })
      .first()
      .hover();
    await page.getByRole('tooltip').waitFor();
    await page.waitForTimeout(600);
  },
  'legacy-dashboard': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/dashboard/legacy/dc-energy-meter`);
    await page.getByRole('tab', { name: 'DC Energy Meter' }).waitFor();
    await page.waitForTimeout(2500);
  },
  'site-list': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/list`);
    await page.getByRole('table', { name: 'Sites' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
  },
  'site-map': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/map`);
    await page.locator('[data-map-item]').first().waitFor();
    await page.waitForTimeout(1500);
  },
  // /site opens the site of the last_site_uid cookie, else the first of the list (docs/requirements.md#site-load).
  'site-overview': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site`);
    await page.getByRole('region', { name: 'Door & lock' }).waitFor();
    await page.getByRole('list', { name: 'Site events' }).waitFor({ state: 'attached' });
    await page.waitForTimeout(2500);
  },
  'site-alarms': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/alarm`);
    await page.getByRole('table', { name: 'Site alarms' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
  },
  'site-availability': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/availability`);
    await page.getByRole('table', { name: 'Site availability' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1000);
  },
  // Administration (operators): the customer sites landing with one customer open, a site's devices
  // and pins, the vendors with a vendor's API tokens, the user list.
  'customer-sites': async (page) => {
    await signIn(page, 'admin');
    await page.goto(`${BASE}/customer/sites?customer=ktbl`);
    await page.getByRole('table', { name: 'Sites of KTBL' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1000);
  },
  'site-configure': async (page) => {
    await signIn(page, 'admin');
    await page.goto(`${BASE}/customer/sites?customer=ktbl`);
    await page
      .getByRole('link', { name: /^Configure / })
      .first()
      .click();
    await page.getByRole('table', { name: 'Pin configs of the site' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(800);
  },
  'site-edit': async (page) => {
    await signIn(page, 'admin');
    await page.goto(`${BASE}/customer/sites?customer=ktbl`);
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.getByLabel('Site location map').waitFor();
    await page.waitForTimeout(1200);
  },
  'device-vendors': async (page) => {
    await signIn(page, 'admin');
    await page.goto(`${BASE}/device-vendor/list`);
    await page
      .getByRole('button', { name: /^API tokens of / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Generate token' }).click();
    await page.getByTestId('vendor-token').waitFor();
    await page.waitForTimeout(800);
  },
  'site-import': async (page) => {
    await signIn(page, 'admin');
    await page.goto(`${BASE}/customer/sites`);
    await page.getByRole('button', { name: 'Import sites' }).click();
    const csv =
      'customer,name,tenants,com_id,pins\nktbl,Fine Site,robi,NEW-1,di1:door\nnobody,Bad Customer,robi,,\nktbl,Bad Pin,robi,NEW-2,di3:dg_status\n';
    await page
      .getByRole('dialog')
      .locator('input[type=file]')
      .setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('table', { name: 'Import problems' }).waitFor();
    await page.waitForTimeout(500);
  },
  'user-list': async (page) => {
    await signIn(page, 'admin');
    await page.goto(`${BASE}/user/list`);
    await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(500);
  },
  'site-rectifier': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/rectifier`);
    await page.getByRole('table', { name: 'Rectifier sites' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1000);
  },
  // Power data (issue 14): the open site's module pages through the site sub-navigation, then /fuel and /health.
  ...Object.fromEntries(
    (
      [
        ['mains', 'Mains', 'phase-chart'],
        ['battery', 'Battery', 'voltage-profile-chart'],
        ['generator', 'Generator', 'run-hours-chart'],
        ['temperature', 'Temperature', 'temperature-chart'],
      ] as const
    ).map(([name, label, chart]) => [
      name,
      async (page: Page) => {
        await signIn(page, 'ktbl');
        await openDgSite(page);
        await page.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: label }).click();
        await page.getByTestId(chart).waitFor();
        await page.waitForTimeout(3000);
      },
    ]),
  ),
  fuel: async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/fuel`);
    await page.getByRole('table', { name: 'DG fuel per site' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(2500);
  },
  health: async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/health`);
    await page.getByRole('table', { name: 'Devices' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(2500);
  },
  // Tickets (issue 19): a ticket opened from a raised alarm, its details, the list.
  'ticket-create': async (page) => {
    await signIn(page, 'ktbl');
    await openAlarmsOfRaisedSite(page);
    await createTicketLink(page).click();
    await page.getByRole('button', { name: 'Open ticket' }).waitFor();
    await page
      .getByLabel('Description')
      .fill('Mains gone since the morning; the DG did not start. Send a technician.');
    await page.waitForTimeout(800);
  },
  'ticket-details': async (page) => {
    await signIn(page, 'ktbl');
    await openAlarmsOfRaisedSite(page);
    await createTicketLink(page).click();
    await page
      .getByLabel('Description')
      .fill('Mains gone since the morning; the DG did not start. Send a technician.');
    await page.getByRole('button', { name: 'Open ticket' }).click();
    await page.waitForURL('**/ticket/details?id=*');
    await page.getByLabel('New note').fill('Technician on the way, ETA 40 min.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Technician on the way, ETA 40 min.', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Set pending' }).click();
    await page.getByLabel('Reason').fill('Waiting for the grid company to restore the line');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('ticket-status').filter({ hasText: 'Pending' }).waitFor();
    await page.waitForTimeout(5000);
  },
  tickets: async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/ticket`);
    await page.getByRole('table', { name: 'Tickets' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
  },
  'billing-update': async (page) => {
    await signIn(page, 'finance');
    await page.goto(`${BASE}/billing/update`);
    await page.getByRole('combobox', { name: /^Company/ }).click();
    await page.getByRole('option', { name: /Kirtonkhola/ }).click();
    await page.getByRole('textbox', { name: /^Amount/ }).fill('72500');
    await page
      .getByRole('textbox', { name: /^Transaction reference/ })
      .fill(`BRAC-${Date.now().toString(36).toUpperCase()}`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await page.getByTestId('payment-result').waitFor();
    await page.waitForTimeout(800);
  },
  'billing-list': async (page) => {
    await signIn(page, 'finance');
    await page.goto(`${BASE}/billing/list`);
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    await page.waitForTimeout(1500);
  },
  // The open site's door and lock, access records, cards with the device's sync state, open hours.
  access: async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site`);
    await page.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Access' }).click();
    await page.getByRole('heading', { name: 'Door and lock' }).waitFor();
    await page.waitForTimeout(3000);
  },
  // The four lists side by side, a card group selected with its attachments.
  'access-manage': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/access/manage`);
    const group = page.getByRole('list', { name: 'Card groups list' }).locator('[data-drag-id]').first();
    await page.getByRole('list', { name: 'Sites list' }).locator('[data-drag-id]').first().waitFor();
    if (await group.count()) await group.getByRole('button').first().click();
    await page.waitForTimeout(1500);
  },
  ...analyticsShots(BASE, signIn),
};

Object.assign(SHOTS, oemShots(BASE, signIn));
Object.assign(SHOTS, alarmConsoleShots(BASE, signIn));

/** Shot whole: the landing page's footer has the vendor's contacts; power pages and reports are long. */
const FULL_PAGE = new Set([
  ...'landing mains battery generator temperature fuel'.split(' '),
  ...ANALYTICS_SHOTS,
]);

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SHOTS);
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const name of names) {
    const shot = SHOTS[name];
    if (!shot) throw new Error(`unknown screenshot ${name}`);
    const context = await browser.newContext({
      viewport: ALARM_CONSOLE_VIEWPORTS[name] ?? { width: 1440, height: 900 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await shot(page);
    // Signed-in screens have the switch; the landing and sign-in pages follow the browser's last choice.
    if (LIGHT && (await page.getByRole('button', { name: 'Switch to light theme' }).count())) {
      await switchToLightTheme(page);
    }
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: FULL_PAGE.has(name) });
    console.log(`docs/screenshots/${name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
}
