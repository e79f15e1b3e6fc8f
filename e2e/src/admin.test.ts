/**
 * Administration in Chromium as `admin` (issue 17 "Done when"): /customer/sites is the landing page
 * with real data; create a customer site, register and bind a new controller, configure its pins,
 * publish as that controller over MQTT and see the site go live; generate and revoke a vendor API
 * token (a revoked token is refused at once); create a user and sign in as them.
 */
import { adminEndpoints, deviceClientId, deviceTopics } from '@towerwatch/contract';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForFile, newContext, signIn } from './browser.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

const chromium = chromiumForFile();

/**
 * A server of this file's own: the test creates sites, controllers and users, which must not reach the
 * shared e2e server (other files count the demo fleet's sites and devices).
 */
let server: OwnServer;
beforeAll(async () => {
  server = await startOwnServer('admin');
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** A field's label, with or without the required asterisk. */
const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  // A MultiSelect's input is hidden inside its pills box: click it anyway.
  await page.getByLabel(labelled(label)).first().click({ force: true });
  await page.getByRole('option', { name: option }).first().click();
}

async function asAdmin(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContext(chromium.browser, server.baseUrl);
  const page = await context.newPage();
  try {
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Open customer sites' }).click();
    await page.waitForURL('**/customer/sites');
    await run(page);
  } finally {
    await context.close();
  }
}

describe('administration as admin', () => {
  it('onboards a site, binds and configures a new controller, and sees it go live', {
    timeout: 120_000,
  }, async () => {
    await asAdmin(async (page) => {
      // The landing page lists the customers with real counts.
      const ktbl = page.getByRole('button', { name: /^Open customer KTBL/ });
      await ktbl.waitFor();
      const row = page.getByRole('row').filter({ has: ktbl });
      expect(Number(await row.getByRole('cell').nth(1).innerText())).toBeGreaterThan(0);

      // Register a controller: its MQTT secret is shown once.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Device List' })
        .click();
      await page.getByRole('link', { name: 'New device' }).click();
      await page.getByRole('button', { name: 'Register controller' }).click();
      const secret = (await page.getByTestId('device-secret').innerText()).trim();
      const title = await page.getByText(/^Controller \S+ registered$/).innerText();
      const comId = title.split(' ')[1] as string;
      expect(secret.length).toBeGreaterThan(16);

      // Create the site for KTBL.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Site List' })
        .click();
      await page.getByRole('link', { name: 'New site', exact: true }).click();
      await choose(page, 'Customer', /^KTBL/);
      const siteName = `E2E Tower ${Date.now().toString(36)}`;
      await page.getByLabel(labelled('Site name')).fill(siteName);
      await choose(page, 'Tenants', 'Robi');
      await page.keyboard.press('Escape');
      await page.getByLabel('Site location map').click({ position: { x: 700, y: 150 } });
      await page.getByRole('button', { name: 'Create site' }).click();
      await page.waitForURL('**/customer/site/configure?site_uid=*');
      await page.getByRole('heading', { name: `Configure ${siteName}` }).waitFor();

      // Bind the controller, then wire a door and the DG status (tenant required).
      await choose(page, 'Bind a controller', comId);
      await page.getByRole('button', { name: 'Bind', exact: true }).click();
      await page.getByRole('table', { name: 'Controllers of the site' }).getByText(comId).waitFor();
      await page.getByRole('button', { name: 'Add pin' }).click();
      await page.getByLabel(labelled('Pin')).fill('di1');
      await choose(page, 'Service', 'Door');
      await page.getByRole('button', { name: 'Save pin' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add pin' }).click();
      await page.getByLabel(labelled('Pin')).fill('di3');
      await choose(page, 'Service', 'DG Status');
      // The tenant is required for DG status: saving stays off until it is chosen.
      expect(await page.getByRole('button', { name: 'Save pin' }).isDisabled()).toBe(true);
      await choose(page, 'Tenant', 'Robi');
      await page.getByRole('button', { name: 'Save pin' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const pins = page.getByRole('table', { name: 'Pin configs of the site' });
      await pins.getByRole('cell', { name: 'DG Status' }).first().waitFor();
      await pins.getByRole('cell', { name: 'Door' }).first().waitFor();

      // Publish as the controller: it comes online and its door reading arrives.
      const client = await mqtt.connectAsync(server.mqttUrl, {
        clientId: deviceClientId(comId, 'e2e'),
        username: comId,
        password: secret,
        reconnectPeriod: 0,
      });
      try {
        await client.publishAsync(
          deviceTopics.status(comId),
          JSON.stringify({ online: true, ts: Date.now() }),
          {
            qos: 1,
          },
        );
        await client.publishAsync(
          deviceTopics.pins(comId),
          JSON.stringify({ msg_id: 'e2e-1', ts: Date.now(), readings: [{ pin: 'di1', value: 1 }] }),
          { qos: 1 },
        );
      } finally {
        await client.endAsync();
      }
      await page.getByRole('link', { name: 'Customer Sites' }).click();
      await page.getByRole('button', { name: /^Open customer KTBL/ }).click();
      await page.getByLabel('Search sites').fill(siteName);
      await expect
        .poll(() => page.getByLabel(`${siteName} online`).count(), { timeout: 40_000, interval: 1000 })
        .toBe(1);
    });
  });

  it('creates and edits a site of a customer without a root user (EDOTCO)', async () => {
    await asAdmin(async (page) => {
      await page.getByRole('button', { name: 'Open customer EDOTCO', exact: true }).click();
      await page.getByRole('link', { name: 'New site for EDOTCO' }).click();
      await page.waitForURL('**/customer/site/create?customer=*');
      const siteName = `E2E Rootless ${Date.now().toString(36)}`;
      await page.getByLabel(labelled('Site name')).fill(siteName);
      await choose(page, 'Tenants', 'Robi');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Create site' }).click();
      await page.waitForURL('**/customer/site/configure?site_uid=*');
      await page.getByRole('heading', { name: `Configure ${siteName}` }).waitFor();

      await page.goto('/customer/sites');
      await page.getByRole('button', { name: 'Open customer EDOTCO', exact: true }).click();
      const panel = page.locator('div[aria-label="Sites of EDOTCO"]');
      await panel.getByLabel('Search sites').fill(siteName);
      await panel.getByRole('row').filter({ hasText: siteName }).getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL('**/customer/site/edit?site_uid=*');
      await expect.poll(() => page.getByLabel(labelled('Site name')).inputValue()).toBe(siteName);
      await page.getByLabel(labelled('Site name')).fill(`${siteName} B`);
      await page.getByRole('button', { name: 'Save site' }).click();
      await page.getByText(`Site ${siteName} B saved`).waitFor();
      await page.goto('/customer/sites');
      await page.getByRole('button', { name: 'Open customer EDOTCO', exact: true }).click();
      await panel.getByLabel('Search sites').fill(`${siteName} B`);
      await panel
        .getByRole('row')
        .filter({ hasText: `${siteName} B` })
        .waitFor();
    });
  });

  it('generates a vendor API token, sees it listed and revokes it (refused at once)', async () => {
    await asAdmin(async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Device Vendors' })
        .click();
      await page.getByRole('button', { name: 'API tokens of HSL Technologies Ltd' }).click();
      const name = `e2e-${Date.now().toString(36)}`;
      await page.getByLabel('Token name').fill(name);
      await page.getByRole('button', { name: 'Generate token' }).click();
      const token = (await page.getByTestId('vendor-token').innerText()).trim();
      expect(token).toMatch(/^twv_/);
      const push = () =>
        fetch(`${server.baseUrl}${adminEndpoints.ingestMessages.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messages: [{ com_id: 'NO-SUCH', kind: 'status', payload: { online: true } }],
          }),
        });
      expect((await push()).status).toBe(200);
      await page.getByRole('button', { name: `Revoke ${name}` }).click();
      await page.getByRole('table', { name: 'API tokens' }).getByText('Revoked').first().waitFor();
      expect((await push()).status).toBe(401);
    });
  });

  it('checks a bulk import file and lists every bad row', async () => {
    await asAdmin(async (page) => {
      await page.getByRole('button', { name: 'Import sites' }).click();
      const csv =
        'customer,name,tenants\nktbl,Fine Site,robi\nnobody,Bad Customer,robi\nktbl,Bad Tenant,vodafone\n';
      await page
        .getByRole('dialog')
        .locator('input[type=file]')
        .setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Check' }).click();
      const problems = page.getByRole('table', { name: 'Import problems' });
      await problems.waitFor();
      expect(await problems.locator('tbody tr').count()).toBe(2);
      await page.getByText('2 problems: nothing was written').waitFor();
    });
  });

  it('creates a user who can then sign in', async () => {
    const username = `e2e.${Date.now().toString(36)}`;
    await asAdmin(async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'User List' })
        .click();
      await page.getByRole('button', { name: 'New user' }).click();
      await page.getByRole('dialog').getByLabel(labelled('Username')).fill(username);
      await page.getByRole('dialog').locator('input[type=password]').fill('e2e-password-1');
      await page.getByRole('dialog').getByLabel(labelled('Name')).fill('E2E Employee');
      await choose(page, 'Type', 'employee');
      await choose(page, 'Customer', 'KTBL');
      await page.getByRole('checkbox', { name: 'RMS' }).check();
      await page.getByRole('button', { name: 'Create user' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'Users' }).getByText(username).waitFor();
    });
    const context = await newContext(chromium.browser, server.baseUrl);
    const page = await context.newPage();
    try {
      await signIn(page, username, 'e2e-password-1');
      await page.getByRole('link', { name: 'Open dashboard' }).click();
      await page.waitForURL('**/dashboard/business');
    } finally {
      await context.close();
    }
  });
});
