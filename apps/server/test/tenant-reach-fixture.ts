/**
 * The fixture of the tenant dimension (tenant-reach.test.ts): objects made by the `ktbl` account on
 * the example fleet that reach KT-3 (ktbl, banglalink only) or banglalink items at the shared KT-1,
 * and what must stay as it is whatever {@link ROBI_USER} does: a digest of everything hidden from them,
 * and the strings a reply to them may never contain.
 */
import type { Queryable } from '../src/db/pool.ts';
import { ROBI_USER } from './endpoint-examples.ts';
import type { TestServer } from './harness.ts';

export { ROBI_USER };

/** An attach / detach body: a card (or card group) and a site group (or site). */
export const attach = (cardGroupId: number, siteGroupId: string | number, card = true, group = true) => ({
  body: {
    cardGroupId,
    cardGroupType: card ? 'card' : 'card_group',
    siteGroupId,
    siteGroupType: group ? 'site_group' : 'site',
  },
});

/** The messaging group of KT-1 and KT-3. */
export const MIXED_CHAT = -1003499000001;

/** Objects made by the `ktbl` account that reach KT-3 (or banglalink items at KT-1). */
export interface ReachFixture {
  /** site group of KT-1 and KT-3; card C_ATT is attached to it */
  mixedGroup: number;
  cAtt: number;
  /** a card of no site (to attach), a card only at KT-3 (and its assignment), a master card */
  cFree: number;
  hid: { id: number; accessId: number };
  master: number;
  /** card group [cFree] attached to KT-3 */
  cardGroup: number;
  /** messaging group of KT-1 and KT-3 */
  chat: number;
  /** a banglalink pin config at KT-1 (RMS-KT1) */
  hiddenPin: number;
  /** a banglalink event at KT-1, an event at KT-3 */
  hiddenEvent: number;
  kt3Event: number;
  /** a ticket at KT-3 and its attachment */
  ticket: number;
  attachment: number;
}

/** Builds the fixture as the `ktbl` account (through the API, as a user would), on the example fleet. */
export async function buildReachFixture(t: TestServer): Promise<ReachFixture> {
  const headers = await t.auth('ktbl');
  const call = async (method: 'GET' | 'POST', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers, payload });
    if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const card = async (number: string, extra: object = {}) =>
    (await call('POST', '/door/manage/card/save', { card_number: number, ...extra })).card.card_id as number;
  const cAtt = await card('CATT');
  const cFree = await card('CFREE');
  const master = await card('MASTER', { master: true });
  const mixedGroup = (
    await call('POST', '/door/manage/site/save-group', { name: 'Mixed', members: ['KT-1', 'KT-3'] })
  ).group.groupId as number;
  await call('POST', '/door/manage/attach-groups', attach(cAtt, mixedGroup).body);
  const hidAdded = (await call('POST', '/door/access/add-card', { site_uid: 'KT-3', card_number: 'HID' }))
    .card;
  const cardGroup = (await call('POST', '/door/manage/card/save-group', { name: 'CG', members: [cFree] }))
    .group.groupId as number;
  await call('POST', '/door/manage/attach-groups', attach(cardGroup, 'KT-3', false, false).body);
  await call('POST', '/telegram/group', { chat_id: MIXED_CHAT, title: 'Mixed', site_uids: ['KT-1', 'KT-3'] });
  const { rows: pin } = await t.pool.query<{ id: number }>(
    `insert into pin_configs (com_id, pin_name, type, tenant, site_uid, user_uid, label)
     values ('RMS-KT1', 'di5', 'dg_status', 'banglalink', 'KT-1', '100', 'DG') returning id`,
  );
  await t.pool.query(
    `update telegram_groups set invite_link = 'https://t.me/+hidden-invite' where chat_id = $1`,
    [MIXED_CHAT],
  );
  await t.pool.query(
    `insert into alarms (site_uid, alarm_id, tenant, is_normal, is_available, is_disable, last_event_at)
     values ('KT-1', 'door_status', 'banglalink', true, true, false, now()), ('KT-1', 'door_status', 'robi', true, true, false, now())`,
  );
  const { rows: ev } = await t.pool.query<{ id: number }>(
    `insert into events (site_uid, name, tenant, time, event_group) values
       ('KT-1', 'dg_fault', 'banglalink', now(), 'RMS'), ('KT-3', 'door_open', '', now(), 'ACS') returning id`,
  );
  const ticket = (
    await call('POST', '/ticket/api/ticket-create', {
      siteUid: 'KT-3',
      title: 'Hidden',
      type: 'power',
      severity: 'minor',
    })
  )[0].id as number;
  const attachment = (
    await call('POST', '/ticket/api/ticket-attachment', {
      ticketId: ticket,
      name: 'p.png',
      contentType: 'image/png',
      data: 'iVBORw0KGgo=',
    })
  ).attachment.id as number;
  return {
    mixedGroup,
    cAtt,
    cFree,
    hid: { id: hidAdded.card_id, accessId: hidAdded.access_id },
    master,
    cardGroup,
    chat: MIXED_CHAT,
    hiddenPin: pin[0]?.id as number,
    hiddenEvent: ev[0]?.id as number,
    kt3Event: ev[1]?.id as number,
    ticket,
    attachment,
  };
}

/**
 * Sites ROBI_USER may not see, written independently of the server's scope code: another company's,
 * or a ktbl site with tenants and none of them robi.
 */
const HIDDEN = `select uid from sites s where not (s.company_id = 'ktbl' and (s.tenants && '{robi}' or cardinality(s.tenants) = 0))`;
/** An item of another tenant than robi ('' / null = the site's). */
const OTHER_TENANT = (col: string) => `(coalesce(${col}, '') not in ('', 'robi'))`;

/** What must not change, by name: rows at hidden sites and other tenants' rows at shared sites. */
const HIDDEN_STATE: Record<string, string> = {
  sites: `select (to_jsonb(s) - 'updated_at')::text from sites s where uid in (${HIDDEN})`,
  other_tenants_of_sites: `select uid || ':' || array_to_string(array(select x from unnest(tenants) x where x <> 'robi' order by x), ',')
    from sites where company_id = 'ktbl' and tenants <> '{}' and not tenants <@ '{robi}'`,
  pin_configs: `select to_jsonb(p)::text from pin_configs p where site_uid in (${HIDDEN}) or ${OTHER_TENANT('tenant')}`,
  devices: `select com_id || ':' || site_uid from devices where site_uid in (${HIDDEN})`,
  access_lists: `select site_uid || ':' || card_number || ':' || entry::text from access_list_entries
    where removed_version is null and site_uid in (${HIDDEN})`,
  access_assignments: `select site_uid || ':' || card_id from access_site_cards where site_uid in (${HIDDEN})`,
  access_attachments: `select (to_jsonb(a) - 'created_at' - 'created_by')::text from access_attachments a
    where site_uid in (${HIDDEN}) or site_group_id in (select group_id from access_site_group_members where site_uid in (${HIDDEN}))`,
  site_group_members: `select group_id || ':' || site_uid from access_site_group_members where site_uid in (${HIDDEN})`,
  telegram_sites: `select group_id || ':' || site_uid from telegram_group_sites where site_uid in (${HIDDEN})`,
  telegram_groups: `select (to_jsonb(g) - 'updated_at')::text || to_jsonb(p)::text from telegram_groups g
    join telegram_policies p on p.group_id = g.id
    where g.id in (select group_id from telegram_group_sites where site_uid in (${HIDDEN}))`,
  alarms: `select to_jsonb(a)::text from alarms a where site_uid in (${HIDDEN}) or ${OTHER_TENANT('tenant')}`,
  events: `select id || ':' || coalesce(acknowledged_by, '') from events where site_uid in (${HIDDEN}) or ${OTHER_TENANT('tenant')}`,
  tickets: `select (to_jsonb(t) - 'updated_at')::text from tickets t where site_uid in (${HIDDEN}) or ${OTHER_TENANT('tenant')}`,
  ticket_attachments: `select a.id::text from ticket_attachments a join tickets t on t.id = a.ticket_id
    where t.site_uid in (${HIDDEN})`,
};

const DIGEST_SQL = `select ${Object.entries(HIDDEN_STATE)
  .map(
    ([name, q]) => `(select md5(coalesce(string_agg(r, '|' order by r), '')) from (${q}) as x(r)) as ${name}`,
  )
  .join(',\n')}`;

/** A digest per part of the hidden state (one round trip). */
export async function hiddenState(db: Queryable): Promise<Record<string, string>> {
  const { rows } = await db.query<Record<string, string>>(DIGEST_SQL);
  return rows[0] ?? {};
}

/** The parts that differ between two digests. */
export function changedParts(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(HIDDEN_STATE).filter((k) => a[k] !== b[k]);
}

/** Strings no reply to ROBI_USER may contain: hidden site uids, KT-3's name, the hidden invite link. */
export async function hiddenMarkers(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ uid: string }>(HIDDEN);
  return [...rows.map((r) => r.uid), 'Banglalink Only', 'hidden-invite'];
}
