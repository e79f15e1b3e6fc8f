/**
 * SQL of access cards, their site assignments, card and site groups and attachments
 * (docs/requirements.md#access-model). Company scoping: every read takes the company the service
 * resolved (undefined = every company, operators only); sites are scoped with `siteScope`.
 */
import type { AccessCard, CardTarget, SiteTarget, TimeWindowInput } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { visibleSiteUidsSql } from '../../kernel/scope/action-reach.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

export interface CardRow {
  id: number;
  company_id: string;
  card_number: string;
  holder_name: string | null;
  valid_from: Date | null;
  valid_until: Date | null;
  blocked: boolean;
  master: boolean;
  time_windows: TimeWindowInput[];
  created_at: Date;
  updated_at: Date;
}

export interface CardFields {
  holder_name?: string | null;
  valid_from?: string | null;
  valid_until?: string | null;
  blocked?: boolean;
  master?: boolean;
  time_windows?: TimeWindowInput[];
}

export interface AssignmentRow {
  id: number;
  site_uid: string;
  card_id: number;
  user_uid: string | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A card row as the contract's card (without the list extras). */
export function cardOf(
  r: CardRow,
  extra: { site_count?: number; group_ids?: number[]; attached_to?: SiteTarget[] } = {},
): AccessCard {
  return {
    card_id: r.id,
    card_number: r.card_number,
    holder_name: r.holder_name,
    valid_from: iso(r.valid_from),
    valid_until: iso(r.valid_until),
    blocked: r.blocked,
    master: r.master,
    time_windows: r.time_windows ?? [],
    company_id: r.company_id,
    site_count: extra.site_count ?? 0,
    group_ids: extra.group_ids ?? [],
    attached_to: extra.attached_to ?? [],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Names of the site side of attachments (`a` alias) as SiteTarget JSON. */
export const SITE_TARGET_JSON = `json_build_object(
  'siteGroupType', case when a.site_uid is not null then 'site' else 'site_group' end,
  'siteGroupId', coalesce(a.site_uid, a.site_group_id::text),
  'name', coalesce((select s.name from sites s where s.uid = a.site_uid),
                   (select g.name from access_site_groups g where g.id = a.site_group_id), ''))`;

/** The card side of attachments (`a` alias) as CardTarget JSON. */
export const CARD_TARGET_JSON = `json_build_object(
  'cardGroupType', case when a.card_id is not null then 'card' else 'card_group' end,
  'cardGroupId', coalesce(a.card_id, a.card_group_id),
  'name', coalesce((select c.card_number || coalesce(' ' || c.holder_name, '') from access_cards c where c.id = a.card_id),
                   (select g.name from access_card_groups g where g.id = a.card_group_id), ''))`;

const companyCond = (companyId: string | undefined, col: string, add: (v: unknown) => string) =>
  companyId === undefined ? 'true' : `${col} = ${add(companyId)}`;

export function createCardsRepository(db: Queryable) {
  return {
    async findCard(id: number): Promise<CardRow | null> {
      const { rows } = await db.query<CardRow>('select * from access_cards where id = $1', [id]);
      return rows[0] ?? null;
    },

    async findCardByNumber(companyId: string, cardNumber: string): Promise<CardRow | null> {
      const { rows } = await db.query<CardRow>(
        'select * from access_cards where company_id = $1 and card_number = $2',
        [companyId, cardNumber],
      );
      return rows[0] ?? null;
    },

    async insertCard(companyId: string, cardNumber: string, f: CardFields, at: Date): Promise<CardRow> {
      const { rows } = await db.query<CardRow>(
        `insert into access_cards (company_id, card_number, holder_name, valid_from, valid_until, blocked, master,
                                   time_windows, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning *`,
        [
          companyId,
          cardNumber,
          f.holder_name ?? null,
          f.valid_from ?? null,
          f.valid_until ?? null,
          f.blocked ?? false,
          f.master ?? false,
          JSON.stringify(f.time_windows ?? []),
          at,
        ],
      );
      return rows[0] as CardRow;
    },

    /** Sets the given fields (undefined = keep); the card number too when given. */
    async updateCard(id: number, f: CardFields & { card_number?: string }, at: Date): Promise<CardRow> {
      const p = sqlParams([id]);
      const sets = [`updated_at = ${p.add(at)}`];
      for (const key of [
        'card_number',
        'holder_name',
        'valid_from',
        'valid_until',
        'blocked',
        'master',
      ] as const) {
        if (f[key] !== undefined) sets.push(`${key} = ${p.add(f[key])}`);
      }
      if (f.time_windows !== undefined) sets.push(`time_windows = ${p.add(JSON.stringify(f.time_windows))}`);
      const { rows } = await db.query<CardRow>(
        `update access_cards set ${sets.join(', ')} where id = $1 returning *`,
        p.values,
      );
      return rows[0] as CardRow;
    },

    /**
     * Cards of a company (all companies: undefined), or the given ones, with counts, groups and
     * attachments; with `viewer`, the site count and site attachments only of sites the viewer sees.
     */
    async listCards(
      companyId: string | undefined,
      cardIds?: number[],
      viewer?: Caller,
    ): Promise<AccessCard[]> {
      const p = sqlParams();
      const ids = cardIds ? `and c.id = any(${p.add(cardIds)}::int[])` : '';
      const seen = viewer ? visibleSiteUidsSql(viewer, p) : null;
      const scSeen = seen ? `and site_uid in ${seen}` : '';
      const atSeen = seen ? `and (a.site_uid is null or a.site_uid in ${seen})` : '';
      // Aggregated once per table (not per card): 50,000 cards stay one pass each.
      const { rows } = await db.query<
        CardRow & { site_count: number; group_ids: number[]; attached_to: SiteTarget[] }
      >(
        `with c as (select * from access_cards c where ${companyCond(companyId, 'c.company_id', p.add)} ${ids}),
              sc as (select card_id, count(*)::int as n from access_site_cards where card_id in (select id from c)
                      ${scSeen} group by card_id),
              gm as (select card_id, array_agg(group_id order by group_id) as ids from access_card_group_members
                      where card_id in (select id from c) group by card_id),
              at as (select a.card_id, json_agg(${SITE_TARGET_JSON} order by a.id) as targets from access_attachments a
                      where a.card_id in (select id from c) ${atSeen} group by a.card_id)
         select c.*, coalesce(sc.n, 0) as site_count, coalesce(gm.ids, '{}') as group_ids,
                coalesce(at.targets, '[]') as attached_to
           from c left join sc on sc.card_id = c.id left join gm on gm.card_id = c.id left join at on at.card_id = c.id
          order by c.card_number`,
        p.values,
      );
      return rows.map((r) => cardOf(r, r));
    },

    // ---- site assignments

    async insertAssignment(
      siteUid: string,
      cardId: number,
      userUid: string,
      at: Date,
    ): Promise<AssignmentRow> {
      const { rows } = await db.query<AssignmentRow>(
        `insert into access_site_cards (site_uid, card_id, user_uid, created_at) values ($1, $2, $3, $4)
         on conflict (site_uid, card_id) do update set site_uid = excluded.site_uid returning *`,
        [siteUid, cardId, userUid, at],
      );
      return rows[0] as AssignmentRow;
    },

    async findAssignment(accessId: number): Promise<AssignmentRow | null> {
      const { rows } = await db.query<AssignmentRow>('select * from access_site_cards where id = $1', [
        accessId,
      ]);
      return rows[0] ?? null;
    },

    async deleteAssignment(accessId: number): Promise<void> {
      await db.query('delete from access_site_cards where id = $1', [accessId]);
    },

    /** A page of a site's assignments with their cards, newest first. */
    async assignmentPage(siteUid: string, before: number, limit: number) {
      const { rows } = await db.query<AssignmentRow & { card: CardRow }>(
        `select sc.*, row_to_json(c) as card from access_site_cards sc join access_cards c on c.id = sc.card_id
          where sc.site_uid = $1 and sc.id < $2 order by sc.id desc limit $3`,
        [siteUid, before, limit],
      );
      return rows.map((r) => ({
        ...r,
        card: {
          ...r.card,
          valid_from: r.card.valid_from ? new Date(r.card.valid_from) : null,
          valid_until: r.card.valid_until ? new Date(r.card.valid_until) : null,
          created_at: new Date(r.card.created_at),
          updated_at: new Date(r.card.updated_at),
        },
      }));
    },

    /** Removes the site's assignments and the attachments naming the site; returns their numbers. */
    async clearSite(siteUid: string): Promise<{ cards: string[]; attachments: number }> {
      const { rows } = await db.query<{ card_number: string }>(
        `with d as (delete from access_site_cards where site_uid = $1 returning card_id)
         select c.card_number from d join access_cards c on c.id = d.card_id order by 1`,
        [siteUid],
      );
      const att = await db.query('delete from access_attachments where site_uid = $1', [siteUid]);
      return { cards: rows.map((r) => r.card_number), attachments: att.rowCount ?? 0 };
    },

    /** Ends every way a card reaches a site: assignments, its attachments, memberships, master. */
    async removeEverywhere(cardId: number, at: Date): Promise<{ assignments: number; groups: number[] }> {
      const a = await db.query('delete from access_site_cards where card_id = $1', [cardId]);
      await db.query('delete from access_attachments where card_id = $1', [cardId]);
      const g = await db.query<{ group_id: number }>(
        'delete from access_card_group_members where card_id = $1 returning group_id',
        [cardId],
      );
      await db.query('update access_cards set master = false, updated_at = $2 where id = $1', [cardId, at]);
      return { assignments: a.rowCount ?? 0, groups: g.rows.map((r) => r.group_id) };
    },

    // ---- affected sites

    /** Sites (of the card's company) whose effective list may hold the card: now, or by its last version. */
    async sitesOfCard(cardId: number): Promise<string[]> {
      const { rows } = await db.query<{ uid: string }>(
        `with c as (select * from access_cards where id = $1)
         select sc.site_uid as uid from access_site_cards sc where sc.card_id = $1
         union select s.uid from sites s join c on c.master and s.company_id = c.company_id
         union select e.site_uid from access_list_entries e join sites s on s.uid = e.site_uid join c
                 on c.company_id = s.company_id and c.card_number = e.card_number where e.removed_version is null
         union select a.site_uid from access_attachments a
                where a.site_uid is not null and (a.card_id = $1
                   or a.card_group_id in (select group_id from access_card_group_members where card_id = $1))
         union select gm.site_uid from access_attachments a join access_site_group_members gm on gm.group_id = a.site_group_id
                where a.card_id = $1 or a.card_group_id in (select group_id from access_card_group_members where card_id = $1)`,
        [cardId],
      );
      return rows.map((r) => r.uid);
    },

    /** Sites a card group reaches through its attachments. */
    async sitesOfCardGroup(groupId: number): Promise<string[]> {
      const { rows } = await db.query<{ uid: string }>(
        `select a.site_uid as uid from access_attachments a where a.card_group_id = $1 and a.site_uid is not null
         union select gm.site_uid from access_attachments a join access_site_group_members gm on gm.group_id = a.site_group_id
                where a.card_group_id = $1`,
        [groupId],
      );
      return rows.map((r) => r.uid);
    },

    /** Member sites of a site group. */
    async siteGroupMembers(groupId: number): Promise<string[]> {
      const { rows } = await db.query<{ site_uid: string }>(
        'select site_uid from access_site_group_members where group_id = $1 order by site_uid',
        [groupId],
      );
      return rows.map((r) => r.site_uid);
    },

    /** Sites of the caller's scope (uid, name) among `siteUids`, or of a company when no list is given. */
    async visibleSites(caller: Caller, f: { companyId?: string; siteUids?: string[] }) {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (f.companyId !== undefined) parts.push(`s.company_id = ${p.add(f.companyId)}`);
      if (f.siteUids) parts.push(`s.uid = any(${p.add(f.siteUids)}::text[])`);
      const { rows } = await db.query<{ uid: string; name: string; company_id: string }>(
        `select s.uid, s.name, s.company_id from sites s where ${parts.join(' and ')} order by s.uid`,
        p.values,
      );
      return rows;
    },

    /** Direct attachments of sites (card side), by site uid. */
    /** How many cards each site has directly (add-card); sites without any are left out. */
    async directCardCounts(siteUids: string[]): Promise<Map<string, number>> {
      const { rows } = await db.query<{ site_uid: string; n: number }>(
        `select site_uid, count(*)::int as n from access_site_cards
          where site_uid = any($1::text[]) group by site_uid`,
        [siteUids],
      );
      return new Map(rows.map((r) => [r.site_uid, r.n]));
    },

    async siteAttachments(siteUids: string[]): Promise<Map<string, CardTarget[]>> {
      const { rows } = await db.query<{ site_uid: string; t: CardTarget }>(
        `select a.site_uid, ${CARD_TARGET_JSON} as t from access_attachments a
          where a.site_uid = any($1::text[]) order by a.id`,
        [siteUids],
      );
      const out = new Map<string, CardTarget[]>();
      for (const r of rows) out.set(r.site_uid, [...(out.get(r.site_uid) ?? []), r.t]);
      return out;
    },
  };
}
