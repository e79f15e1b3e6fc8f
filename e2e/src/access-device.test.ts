/**
 * Access control through the real device path (issue 13, without a browser): a card added to a site
 * reaches the site's simulated controller as an `access_list` version, the controller acks it (the
 * site's sync becomes applied), a swipe of that card at that site (the simulator's test hook,
 * `simControlUrl()`, docs/device-protocol.md "Simulator test hooks") is granted and arrives on
 * the live socket as RMS_ACCESS_RECORD; after the card is deleted and the removal applied, a swipe is
 * denied with `unknown_card`; a remote unlock appears on the records with the operator.
 */
import {
  type AccessRecord,
  type AccessSync,
  accessEndpoints,
  LIVE_ACTIONS,
  LIVE_EVENTS,
  LIVE_PATH,
  type SiteListReply,
  siteEndpoints,
} from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiGet, apiPost, apiToken, baseUrl, simControlUrl } from './browser.ts';

/** Swipes a card at a site's simulated reader (the simulator's test hook). */
async function swipe(siteUid: string, cardNumber: string): Promise<{ granted: boolean; reason?: string }> {
  const response = await fetch(`${simControlUrl()}/swipe`, {
    method: 'POST',
    body: JSON.stringify({ siteUid, cardNumber }),
  });
  if (!response.ok) throw new Error(`swipe: ${response.status} ${await response.text()}`);
  return (await response.json()) as { granted: boolean; reason?: string };
}

/** The access records a signed-in socket receives. */
async function recordSocket(token: string) {
  const records: AccessRecord[] = [];
  const socket = new WebSocket(`${baseUrl().replace(/^http/, 'ws')}${LIVE_PATH}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { event: string; payload: unknown };
      if (message.event === LIVE_EVENTS.LOGIN_OK) resolve();
      if (message.event === LIVE_EVENTS.RMS_ACCESS_RECORD) records.push(message.payload as AccessRecord);
    });
    socket.once('open', () => socket.send(JSON.stringify({ action: LIVE_ACTIONS.LOGIN, token })));
  });
  return { records, close: () => socket.close() };
}

async function syncOf(token: string, siteUid: string): Promise<AccessSync> {
  const cards = await apiGet<{ sync: AccessSync }>(
    token,
    `${accessEndpoints.fetchCards.path}?siteUid=${siteUid}`,
  );
  return cards.sync;
}

describe('access control through the simulated controller', () => {
  it('add → applied → granted live; delete → applied → unknown_card; remote unlock names the operator', {
    timeout: 90_000,
  }, async () => {
    const token = await apiToken('ktbl');
    const list = await apiGet<SiteListReply>(
      token,
      `${siteEndpoints.siteFetch.path}?limit=1000&with_devices=true`,
    );
    const site = list.items.find(
      (s) =>
        s.status === 'online' && s.alarms.some((a) => a.id === 'door_status') && (s.devices ?? []).length > 0,
    );
    if (!site) throw new Error('no ACS site of ktbl');
    const card = `E2E${Date.now().toString(36).toUpperCase()}`;
    const live = await recordSocket(token);
    try {
      const added = await apiPost<{ card: { access_id: number }; sync: AccessSync }>(
        token,
        accessEndpoints.addCard.path,
        {
          site_uid: site.uid,
          card_number: card,
          holder_name: 'E2E Engineer',
        },
      );
      expect(added.sync.state).toBe('pending');
      await expect
        .poll(async () => (await syncOf(token, site.uid)).state, { timeout: 20_000 })
        .toBe('applied');

      expect(await swipe(site.uid, card)).toEqual({ granted: true });
      await expect
        .poll(
          () =>
            live.records.some(
              (r) =>
                r.siteUid === site.uid &&
                r.cardNumber === card &&
                r.granted &&
                r.holderName === 'E2E Engineer',
            ),
          {
            timeout: 2_000,
          },
        )
        .toBe(true);

      await apiPost(token, accessEndpoints.deleteCard.path, { access_id: added.card.access_id });
      await expect
        .poll(async () => (await syncOf(token, site.uid)).state, { timeout: 20_000 })
        .toBe('applied');
      expect(await swipe(site.uid, card)).toEqual({ granted: false, reason: 'unknown_card' });
      await expect
        .poll(() => live.records.some((r) => r.cardNumber === card && r.reason === 'unknown_card'), {
          timeout: 2_000,
        })
        .toBe(true);

      // A simulated lock jams now and then (the unlock is then acked as failed): try up to three times.
      let unlockedBy: string | null = null;
      for (let attempt = 0; attempt < 3 && unlockedBy === null; attempt++) {
        await apiPost(token, siteEndpoints.unlock.path, { site_uid: site.uid });
        const deadline = Date.now() + 10_000;
        while (unlockedBy === null && Date.now() < deadline) {
          const page = await apiGet<{ items: AccessRecord[] }>(
            token,
            `${accessEndpoints.fetchRecords.path}?siteUid=${site.uid}`,
          );
          unlockedBy = page.items.find((r) => r.kind === 'remote_unlock')?.unlockedByName ?? null;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
      expect(unlockedBy).toBe('KTBL');
    } finally {
      live.close();
    }
  });
});
