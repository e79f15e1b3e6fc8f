/**
 * The revocation ledger of one card (docs/requirements.md#revocation-ledger): from the versioned list
 * entries of the company's sites and each site's applied version, the sites whose server list holds
 * the card (and whether it opens the door now by what the device applied) and the sites whose device
 * still holds it after its removal.
 */
import type { AccessCard, AccessSync, CardLedgerReply } from '@towerwatch/contract';
import { type AccessListEntry, accessDecision } from '@towerwatch/domain';
import type { LedgerEntryRow, Via } from './records.repository.ts';

type LedgerSite = CardLedgerReply['listed'][number];

export function cardLedger(
  card: AccessCard,
  entries: readonly LedgerEntryRow[],
  states: readonly AccessSync[],
  reach: ReadonlyMap<string, Via[]>,
  now: Date,
): CardLedgerReply {
  const stateOf = new Map(states.map((s) => [s.siteUid, s]));
  const bySite = new Map<string, LedgerEntryRow[]>();
  for (const e of entries) bySite.set(e.site_uid, [...(bySite.get(e.site_uid) ?? []), e]);
  const listed: LedgerSite[] = [];
  const pendingRemoval: LedgerSite[] = [];
  for (const [siteUid, rows] of bySite) {
    const sync = stateOf.get(siteUid);
    const applied = sync?.appliedVersion ?? 0;
    const onDeviceRow = rows.find(
      (r) => r.added_version <= applied && (r.removed_version === null || r.removed_version > applied),
    );
    const current = rows.some((r) => r.removed_version === null);
    const site: LedgerSite = {
      siteUid,
      name: rows[0]?.name ?? siteUid,
      state: sync?.state ?? 'pending',
      via: reach.get(siteUid) ?? [],
      onDevice: onDeviceRow !== undefined,
      opensNow: onDeviceRow
        ? accessDecision([onDeviceRow.entry as AccessListEntry], card.card_number, now).granted
        : false,
    };
    if (current) listed.push(site);
    else if (site.onDevice) pendingRemoval.push(site);
  }
  return { card, listed, pendingRemoval };
}
