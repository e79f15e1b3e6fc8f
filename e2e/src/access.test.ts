/**
 * Issue 13 "Done when" (docs/requirements.md#access-control): with the real server and the simulator in
 * Chromium — a card added on the open /access page reaches the site's device (the list is acked), a
 * swipe of it is granted and the record appears on the page live; deleted, after the ack its
 * swipe is denied with unknown_card; a remote unlock shows the operator on its record; on
 * /access/manage a card group dragged onto a site group is attached, and wrong drops give the spec's
 * two messages; an attachment dragged to the detach zone is detached; the keyboard dialog attaches; a
 * failed detach says 'something wrong'; a read-only user gets the refusal toast. The e2e server's
 * simulator never jams a lock (global-setup: SIM_LOCK_JAM_PROBABILITY=0), so an unlock always acks.
 */
import { type AccessRecordsReply, accessEndpoints, type CardGroupListReply } from '@towerwatch/contract';
import { ACCESS_MESSAGES, restrictedActionMessage } from '@towerwatch/domain';
import { buildDemoFleet } from '@towerwatch/fleet';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, baseUrl, chromiumForFile, navigateInApp, simControlUrl } from './browser.ts';
import { openFromList, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();

const ACS_SITES = new Set(
  buildDemoFleet()
    .sites.filter((s) => s.company === 'ktbl' && s.has_acs)
    .map((s) => s.uid),
);

/** Asks the simulated controller of the site to read a card (docs/device-protocol.md "Simulator test hooks"). */
async function swipe(siteUid: string, cardNumber: string): Promise<{ granted: boolean; reason?: string }> {
  const response = await fetch(`${simControlUrl()}/swipe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siteUid, cardNumber }),
  });
  if (!response.ok) throw new Error(`swipe: ${response.status} ${await response.text()}`);
  return (await response.json()) as { granted: boolean; reason?: string };
}

async function apiPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The records of a card shown on the page (granted ones only when asked). */
const recordsOf = (page: Page, cardNumber: string, granted?: boolean) =>
  page
    .getByRole('list', { name: 'Access records' })
    .locator(`li${granted === undefined ? '' : `[data-granted="${granted}"]`}`)
    .filter({ hasText: cardNumber });

/** Opens an online ACS site of the user (ktbl's company) and its Access page from the site sub-navigation. */
async function openAccessPage(page: Page, username = 'ktbl') {
  const site = await siteWhere(
    username,
    (s) => ACS_SITES.has(s.uid) && s.status === 'online',
    'online ACS site',
  );
  await openFromList(page, site);
  await page.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Access' }).click();
  await page.waitForURL('**/access');
  await page.getByRole('heading', { name: 'Door and lock' }).waitFor();
  return site;
}

const syncState = (page: Page) => page.getByTestId('sync-state').getAttribute('data-state');

/** Drags with the mouse from one row to another (dnd-kit's pointer sensor starts after 6 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: a row is not on screen');
  await page.mouse.move(a.x + 8, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** The site groups a card group is attached to, per the API. */
async function attachedTo(token: string, groupId: number): Promise<string[]> {
  const groups = await apiGet<CardGroupListReply>(token, accessEndpoints.cardGroupList.path);
  return (groups.items.find((g) => g.groupId === groupId)?.attached_to ?? [])
    .filter((target) => target.siteGroupType === 'site_group')
    .map((target) => target.siteGroupId);
}

describe('door access on the open /access page', () => {
  it('a card added reaches the device and opens the door; deleted, it is refused as unknown_card', async () => {
    await chromium.withPage('ktbl', async (page) => {
      const site = await openAccessPage(page);
      const cardNumber = `E2E${Date.now().toString(36).toUpperCase()}`;

      await page.getByRole('button', { name: 'Add card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a card to this site' });
      await dialog.getByLabel('Card number').fill(cardNumber);
      await dialog.getByLabel('Holder').fill('E2E Engineer');
      await dialog.getByRole('button', { name: 'Add card' }).click();
      await page.locator(`tr[data-card="${cardNumber}"]`).waitFor();
      // The device acks the new list version: the page says so.
      await expect.poll(() => syncState(page), { timeout: 20_000 }).toBe('applied');
      // The simulator swipes a newly added card by itself 1.5 s after the ack; let that land first.
      await expect
        .poll(() => recordsOf(page, cardNumber, true).count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      const before = await recordsOf(page, cardNumber, true).count();

      // The swipe shows live (how fast is measured by the benchmarks, not here: a busy machine is slow).
      expect(await swipe(site.uid, cardNumber)).toEqual({ granted: true });
      await expect.poll(() => recordsOf(page, cardNumber, true).count()).toBe(before + 1);

      await page.getByRole('button', { name: `Delete card ${cardNumber}` }).click();
      await page
        .getByRole('dialog', { name: 'Remove the card?' })
        .getByRole('button', { name: 'Remove card' })
        .click();
      await page.locator(`tr[data-card="${cardNumber}"]`).waitFor({ state: 'detached' });
      await expect.poll(() => syncState(page), { timeout: 20_000 }).toBe('applied');
      // The simulator swipes the removed card by itself 1.5 s after the ack: let that refusal land first.
      await expect.poll(() => recordsOf(page, cardNumber, false).count()).toBeGreaterThan(0);
      const deniedBefore = await recordsOf(page, cardNumber, false).count();
      expect(await swipe(site.uid, cardNumber)).toEqual({ granted: false, reason: 'unknown_card' });
      await expect.poll(() => recordsOf(page, cardNumber, false).count()).toBe(deniedBefore + 1);
      await expect(recordsOf(page, cardNumber, false).first().getAttribute('data-reason')).resolves.toBe(
        'unknown_card',
      );
      await recordsOf(page, cardNumber, false)
        .first()
        .getByText(/Unknown card/)
        .waitFor();
    });
  });

  it('a remote unlock goes pending → sent → acked and its record names the operator', async () => {
    await chromium.withPage('ktbl', async (page) => {
      const site = await openAccessPage(page);
      await page.getByRole('button', { name: 'Unlock', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Unlock the door?' })
        .getByRole('button', { name: 'Unlock now' })
        .click();
      const progress = page.getByTestId('command-progress');
      await expect.poll(() => progress.getAttribute('data-status'), { timeout: 20_000 }).toBe('acked');

      const token = await apiToken('ktbl');
      let name = '';
      await expect
        .poll(
          async () => {
            const reply = await apiGet<AccessRecordsReply>(
              token,
              `${accessEndpoints.fetchRecords.path}?siteUid=${site.uid}&oldestId=2147483647`,
            );
            name = reply.items.find((r) => r.kind === 'remote_unlock')?.unlockedByName ?? '';
            return name;
          },
          { timeout: 10_000 },
        )
        .not.toBe('');
      await page
        .getByRole('list', { name: 'Access records' })
        .getByText(`Remote unlock by ${name}`)
        .first()
        .waitFor({ timeout: 5000 });
    });
  });
});

describe('Manage Access', () => {
  it('drag attach and detach, the keyboard attach dialog, both drop messages and a failed detach', async () => {
    const token = await apiToken('ktbl');
    const tag = Date.now().toString(36);
    const card = await apiPost<{ card: { card_id: number } }>(token, accessEndpoints.saveCard.path, {
      card_number: `DRG${tag}`.toUpperCase(),
      holder_name: 'Drag test',
    });
    const sites = await apiGet<{ sites: { site_uid: string }[] }>(token, accessEndpoints.siteGroupList.path);
    const cardGroup = await apiPost<{ group: { groupId: number } }>(
      token,
      accessEndpoints.saveCardGroup.path,
      {
        name: `Drag crew ${tag}`,
        members: [card.card.card_id],
      },
    );
    const siteGroup = await apiPost<{ group: { groupId: number } }>(
      token,
      accessEndpoints.saveSiteGroup.path,
      {
        name: `Drop zone ${tag}`,
        members: sites.sites.slice(0, 2).map((s) => s.site_uid),
      },
    );
    await chromium.withPage('ktbl', async (page) => {
      await navigateInApp(page, '/access/manage');
      await page.getByRole('heading', { name: 'Manage Access', level: 2 }).waitFor();
      await page.getByLabel('Search cards').fill(`DRG${tag}`);
      await page.getByLabel('Search card groups').fill(tag);
      await page.getByLabel('Search site groups').fill(tag);
      const cardGroupRow = page.locator(`[data-drag-id="card_group:${cardGroup.group.groupId}"]`);
      const siteGroupRow = page.locator(`[data-drag-id="site_group:${siteGroup.group.groupId}"]`);
      await cardGroupRow.waitFor();
      await siteGroupRow.waitFor();

      // A card group dropped on a card (not a site side item): the spec's message.
      const cardRow = page.locator(`[data-drag-id="card:${card.card.card_id}"]`);
      await drag(page, cardGroupRow, cardRow);
      await page.getByText(ACCESS_MESSAGES.dropOnSite, { exact: true }).waitFor();
      // A site group dropped on a site: the other message.
      const firstSite = page.getByRole('list', { name: 'Sites list' }).locator('[data-drag-id]').first();
      await drag(page, siteGroupRow, firstSite);
      await page.getByText(ACCESS_MESSAGES.dropOnCard, { exact: true }).waitFor();

      await drag(page, cardGroupRow, siteGroupRow);
      await page.getByText(`Drag crew ${tag} attached to Drop zone ${tag}`, { exact: false }).waitFor();
      const groups = await apiGet<CardGroupListReply>(token, accessEndpoints.cardGroupList.path);
      const attached = groups.items.find((g) => g.groupId === cardGroup.group.groupId)?.attached_to ?? [];
      expect(attached).toContainEqual(
        expect.objectContaining({
          siteGroupType: 'site_group',
          siteGroupId: String(siteGroup.group.groupId),
        }),
      );
      // The group's detail lists the attachment; dragged to the detach zone, it is detached.
      await page.getByRole('button', { name: `Drag crew ${tag}`, exact: true }).click();
      const chip = page.locator(`[data-attachment="Drop zone ${tag}"]`);
      await chip.waitFor();
      await drag(page, chip, page.getByLabel('Detach zone'));
      await page.getByText(`Drag crew ${tag} detached from Drop zone ${tag}`, { exact: false }).waitFor();
      await expect.poll(() => attachedTo(token, cardGroup.group.groupId)).toEqual([]);

      // The keyboard alternative: the row's link button opens the attach dialog.
      await page.getByRole('button', { name: `Attach Drag crew ${tag}` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Attach Drag crew ${tag}` });
      await dialog.getByLabel('Search targets').fill(`Drop zone ${tag}`);
      await dialog.getByLabel(`Drop zone ${tag} (Site group)`).check();
      await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
      await expect
        .poll(() => attachedTo(token, cardGroup.group.groupId))
        .toEqual([String(siteGroup.group.groupId)]);

      // A detach that fails (someone detached it meanwhile) says 'something wrong'.
      await chip.waitFor();
      await apiPost(token, accessEndpoints.detachGroups.path, {
        cardGroupId: cardGroup.group.groupId,
        cardGroupType: 'card_group',
        siteGroupId: siteGroup.group.groupId,
        siteGroupType: 'site_group',
      });
      await page.getByRole('button', { name: `Detach Drag crew ${tag} from Drop zone ${tag}` }).click();
      await page.getByText(ACCESS_MESSAGES.detachFailed, { exact: true }).waitFor();
    });
  });

  it('a read-only user gets the refusal toast on a restricted action of the Access page', async () => {
    // Manage Access is not a read-only user's page (docs/requirements.md#page-access, role-blocking.test.ts).
    await chromium.withPage('noc', async (page) => {
      await openAccessPage(page, 'noc');
      await page.getByRole('button', { name: 'Unlock', exact: true }).click();
      await page.getByText(restrictedActionMessage('unlock the door'), { exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  });
});
