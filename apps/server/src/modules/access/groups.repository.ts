/**
 * SQL of card groups, site groups and attachments (docs/requirements.md#access-model). The service
 * resolves the company; rows of another company are never returned (`company_id` condition).
 */
import type { CardGroup, CardTarget, SiteGroup, SiteTarget } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { visibleSiteUidsSql } from '../../kernel/scope/action-reach.ts';
import { sqlParams } from '../../kernel/scope/sql-scope.ts';
import { CARD_TARGET_JSON, SITE_TARGET_JSON } from './cards.repository.ts';

export interface GroupRow {
  id: number;
  company_id: string;
  name: string;
  updated_at: Date;
}

export type GroupKind = 'card' | 'site';
const TABLES = {
  card: {
    groups: 'access_card_groups',
    members: 'access_card_group_members',
    member: 'card_id',
    type: 'int',
  },
  site: {
    groups: 'access_site_groups',
    members: 'access_site_group_members',
    member: 'site_uid',
    type: 'text',
  },
} as const;

/** An attachment: one card side and one site side. */
export interface Link {
  companyId: string;
  cardId: number | null;
  cardGroupId: number | null;
  siteUid: string | null;
  siteGroupId: number | null;
}

export function createGroupsRepository(db: Queryable) {
  return {
    async find(kind: GroupKind, id: number): Promise<GroupRow | null> {
      const { rows } = await db.query<GroupRow>(`select * from ${TABLES[kind].groups} where id = $1`, [id]);
      return rows[0] ?? null;
    },

    async insert(kind: GroupKind, companyId: string, name: string, at: Date): Promise<GroupRow> {
      const { rows } = await db.query<GroupRow>(
        `insert into ${TABLES[kind].groups} (company_id, name, created_at, updated_at) values ($1, $2, $3, $3) returning *`,
        [companyId, name, at],
      );
      return rows[0] as GroupRow;
    },

    async rename(kind: GroupKind, id: number, name: string, at: Date): Promise<void> {
      await db.query(`update ${TABLES[kind].groups} set name = $2, updated_at = $3 where id = $1`, [
        id,
        name,
        at,
      ]);
    },

    async members(kind: GroupKind, id: number): Promise<(string | number)[]> {
      const t = TABLES[kind];
      const { rows } = await db.query<{ m: string | number }>(
        `select ${t.member} as m from ${t.members} where group_id = $1 order by 1`,
        [id],
      );
      return rows.map((r) => r.m);
    },

    /** Replaces the members of a group. */
    async setMembers(kind: GroupKind, id: number, members: readonly (string | number)[]): Promise<void> {
      const t = TABLES[kind];
      await db.query(`delete from ${t.members} where group_id = $1`, [id]);
      if (members.length > 0) {
        await db.query(
          `insert into ${t.members} (group_id, ${t.member}) select $1, m from unnest($2::${t.type}[]) as m
           on conflict do nothing`,
          [id, [...new Set(members)]],
        );
      }
    },

    async remove(kind: GroupKind, id: number): Promise<void> {
      await db.query(`delete from ${TABLES[kind].groups} where id = $1`, [id]);
    },

    /**
     * Card groups of a company (every company: undefined), or the given ones; with `viewer`, only the
     * site attachments of sites the viewer sees.
     */
    async cardGroups(companyId: string | undefined, ids?: number[], viewer?: Caller): Promise<CardGroup[]> {
      const p = sqlParams();
      const atSeen = viewer
        ? `and (a.site_uid is null or a.site_uid in ${visibleSiteUidsSql(viewer, p)})`
        : '';
      const parts = [companyId === undefined ? 'true' : `g.company_id = ${p.add(companyId)}`];
      if (ids) parts.push(`g.id = any(${p.add(ids)}::int[])`);
      const { rows } = await db.query<GroupRow & { members: number[]; attached_to: SiteTarget[] }>(
        `select g.*,
                coalesce((select array_agg(m.card_id order by m.card_id) from access_card_group_members m
                           where m.group_id = g.id), '{}') as members,
                coalesce((select json_agg(${SITE_TARGET_JSON} order by a.id) from access_attachments a
                           where a.card_group_id = g.id ${atSeen}), '[]') as attached_to
           from access_card_groups g where ${parts.join(' and ')} order by g.name, g.id`,
        p.values,
      );
      return rows.map((r) => ({
        groupId: r.id,
        type: 'card_group' as const,
        name: r.name,
        company_id: r.company_id,
        members: r.members,
        attached_to: r.attached_to,
        updated_at: r.updated_at.toISOString(),
      }));
    },

    /** Site groups of a company (every company: undefined), or the given ones. */
    async siteGroups(companyId: string | undefined, ids?: number[]): Promise<SiteGroup[]> {
      const p = sqlParams();
      const parts = [companyId === undefined ? 'true' : `g.company_id = ${p.add(companyId)}`];
      if (ids) parts.push(`g.id = any(${p.add(ids)}::int[])`);
      const { rows } = await db.query<GroupRow & { members: string[]; attached: CardTarget[] }>(
        `select g.*,
                coalesce((select array_agg(m.site_uid order by m.site_uid) from access_site_group_members m
                           where m.group_id = g.id), '{}') as members,
                coalesce((select json_agg(${CARD_TARGET_JSON} order by a.id) from access_attachments a
                           where a.site_group_id = g.id), '[]') as attached
           from access_site_groups g where ${parts.join(' and ')} order by g.name, g.id`,
        p.values,
      );
      return rows.map((r) => ({
        groupId: r.id,
        type: 'site_group' as const,
        name: r.name,
        company_id: r.company_id,
        members: r.members,
        attached: r.attached,
        updated_at: r.updated_at.toISOString(),
      }));
    },

    /** Adds an attachment (no-op when it exists); true when it was new. */
    async attach(l: Link, by: string, at: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `insert into access_attachments (company_id, card_id, card_group_id, site_uid, site_group_id, created_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
        [l.companyId, l.cardId, l.cardGroupId, l.siteUid, l.siteGroupId, by, at],
      );
      return (rowCount ?? 0) > 0;
    },

    /** Removes an attachment; true when there was one. */
    async detach(l: Link): Promise<boolean> {
      const { rowCount } = await db.query(
        `delete from access_attachments
          where coalesce(card_id, 0) = coalesce($1::int, 0) and coalesce(card_group_id, 0) = coalesce($2::int, 0)
            and coalesce(site_uid, '') = coalesce($3::text, '') and coalesce(site_group_id, 0) = coalesce($4::int, 0)`,
        [l.cardId, l.cardGroupId, l.siteUid, l.siteGroupId],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}
