/**
 * The fleet alarm console (docs/requirements.md#alarm-console): pages of active alarms or recent
 * raises over the caller's sites and allowed tenants (read-only users: the reduced kinds), a bulk
 * acknowledge (audited, announced live like a single acknowledge), and the .xlsx export.
 */
import {
  type AlarmConsoleAcknowledgeReply,
  type AlarmConsoleFilter,
  type AlarmConsoleQuery,
  type AlarmConsoleReply,
  type AlarmConsoleRow,
  LIVE_EVENTS,
  liveMessage,
} from '@towerwatch/contract';
import {
  ALARM_CONSOLE_EXPORT_MAX_ROWS,
  ALARM_GROUP_MEMBERS,
  alarmConsoleRaisedRange,
  alarmDisplayGroup,
  alarmEventPairs,
  isEmergencyEvent,
  visibleEventKinds,
} from '@towerwatch/domain';
import { type Caller, toDomainUser } from '../../auth/caller.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { eventValue } from '../../kernel/rows/site-rows.ts';
import { assertTenantsAllowed } from '../../kernel/scope/site-scope.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type {
  ActiveCursor,
  AlarmConsoleRepository,
  ConsoleDbRow,
  ConsoleSelection,
} from './alarm-console.repository.ts';

export interface AlarmConsoleServiceDeps {
  repo: AlarmConsoleRepository;
  clock: Clock;
  audit: AuditRecorder;
  bus?: Pick<EventBus, 'publish'>;
}

const PAIRS = alarmEventPairs();
/** Rows read per query of an export. */
const EXPORT_PAGE = 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The alarm ids a caller's query keeps: group ∩ alarms ∩ (read-only) the alarms of the visible kinds. */
function alarmIdsOf(caller: Caller, f: AlarmConsoleFilter): string[] | null {
  let ids: string[] | null = null;
  const keep = (list: readonly string[]) => {
    ids = ids === null ? [...list] : ids.filter((id) => list.includes(id));
  };
  if (f.group) keep(ALARM_GROUP_MEMBERS[f.group]);
  if (f.alarms?.length) keep(f.alarms);
  const kinds = visibleEventKinds(toDomainUser(caller.user));
  if (kinds) keep(PAIRS.alarm.filter((_, i) => (kinds as readonly string[]).includes(PAIRS.raise[i] ?? '')));
  return ids;
}

function selectionOf(caller: Caller, f: AlarmConsoleFilter, now: Date, limit: number): ConsoleSelection {
  assertTenantsAllowed(caller, f.tenant ? [f.tenant] : undefined);
  const range = alarmConsoleRaisedRange(f.view, f.age, now);
  return {
    alarmIds: alarmIdsOf(caller, f),
    tenant: f.tenant,
    division: f.division,
    district: f.district,
    q: f.q,
    acknowledged: f.acknowledged,
    raisedAfter: range.after,
    raisedBefore: range.before,
    sort: f.sort,
    limit,
  };
}

function toRow(r: ConsoleDbRow): AlarmConsoleRow {
  const eventId = r.event_id === null ? null : Number(r.event_id);
  return {
    key: eventId !== null ? `e${eventId}` : `a${r.site_uid}|${r.alarm_id}|${r.tenant}`,
    eventId,
    siteUid: r.site_uid,
    siteName: r.site_name,
    division: r.division,
    district: r.district,
    alarmId: r.alarm_id,
    name: r.name,
    tenant: r.tenant === '' ? null : r.tenant,
    group: alarmDisplayGroup(r.alarm_id),
    raisedAt: r.raised_at.toISOString(),
    active: r.active,
    clearedAt: iso(r.cleared_at),
    emergency: isEmergencyEvent(r.name),
    value: eventValue(r.value),
    acknowledgedBy: r.acknowledged_by,
    acknowledgedByName: r.acknowledged_by ? r.acknowledged_by_name : null,
    acknowledgedAt: iso(r.acknowledged_at),
  };
}

/** Cursors are opaque to clients: base64url JSON of the view and the last row's key. */
type Cursor = { v: 'active'; k: ActiveCursor } | { v: 'recent'; id: number };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string | undefined, view: AlarmConsoleFilter['view']): Cursor | null {
  if (!raw) return null;
  const bad = () => new ValidationError('query.cursor', 'The cursor is not one of this view');
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!c || typeof c !== 'object' || (c as Cursor).v !== view) throw bad();
  if (view === 'recent') {
    const id = (c as { id: unknown }).id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw bad();
    return { v: 'recent', id };
  }
  const k = (c as { k: Partial<ActiveCursor> }).k;
  const text = (x: unknown) => typeof x === 'string' && x.length <= 64;
  if (
    !k ||
    !text(k.siteUid) ||
    !text(k.alarmId) ||
    !text(k.tenant) ||
    Number.isNaN(Date.parse(String(k.raisedAt)))
  )
    throw bad();
  return { v: 'active', k: k as ActiveCursor };
}

export function createAlarmConsoleService(deps: AlarmConsoleServiceDeps) {
  /** One page of rows after `cursor`, and the cursor of the next. */
  async function readPage(caller: Caller, f: AlarmConsoleFilter, cursor: Cursor | null, limit: number) {
    const q = selectionOf(caller, f, deps.clock.now(), limit);
    if (q.alarmIds?.length === 0) return { rows: [] as ConsoleDbRow[], next: null };
    const rows =
      f.view === 'active'
        ? await deps.repo.activePage(caller, q, cursor?.v === 'active' ? cursor.k : null)
        : await deps.repo.recentPage(caller, q, cursor?.v === 'recent' ? cursor.id : null);
    const last = rows.at(-1);
    let next: Cursor | null = null;
    if (last && rows.length >= limit) {
      next =
        f.view === 'active'
          ? {
              v: 'active',
              k: {
                raisedAt: last.raised_at.toISOString(),
                siteUid: last.site_uid,
                alarmId: last.alarm_id,
                tenant: last.tenant,
              },
            }
          : { v: 'recent', id: Number(last.event_id) };
    }
    return { rows, next };
  }

  return {
    async page(caller: Caller, query: AlarmConsoleQuery): Promise<AlarmConsoleReply> {
      const { rows, next } = await readPage(
        caller,
        query,
        decodeCursor(query.cursor, query.view),
        query.limit,
      );
      return { items: rows.map(toRow), nextCursor: next ? encodeCursor(next) : null };
    },

    /**
     * Every row of the filter (up to the export cap), page by page. The first page is read before
     * this resolves, so a refused filter is an error reply, not a broken download.
     */
    async exportRows(caller: Caller, f: AlarmConsoleFilter): Promise<AsyncIterable<AlarmConsoleRow>> {
      const first = await readPage(caller, f, null, EXPORT_PAGE);
      return (async function* () {
        let page = first;
        let sent = 0;
        for (;;) {
          for (const r of page.rows) {
            if (sent++ >= ALARM_CONSOLE_EXPORT_MAX_ROWS) return;
            yield toRow(r);
          }
          if (!page.next) return;
          page = await readPage(caller, f, page.next, EXPORT_PAGE);
        }
      })();
    },

    /** Acknowledges the visible, not yet acknowledged events; audited once per call; told live per event. */
    async acknowledge(caller: Caller, eventIds: readonly number[]): Promise<AlarmConsoleAcknowledgeReply> {
      assertNotReadOnly(caller, 'acknowledge the event');
      const ids = [...new Set(eventIds)];
      const at = deps.clock.now();
      const rows = await deps.repo.acknowledge(caller, ids, caller.uid, at);
      const done = new Set(rows.map((r) => Number(r.id)));
      if (rows.length > 0) {
        await deps.audit.record({
          action: 'alarm.acknowledge',
          actor: auditActor(caller),
          target: null,
          detail: { eventIds: [...done], count: done.size },
        });
      }
      for (const r of rows) {
        const tenant = r.tenant === '' ? null : r.tenant;
        deps.bus?.publish('live', {
          audience: { companyId: r.company_id, siteUid: r.site_uid, tenant, kind: r.name },
          message: liveMessage(LIVE_EVENTS.EVENT_ACKNOWLEDGED, {
            id: Number(r.id),
            siteUid: r.site_uid,
            tenant,
            name: r.name,
            acknowledgedBy: r.acknowledged_by,
            acknowledgedByName: r.acknowledged_by_name,
            acknowledgedAt: r.acknowledged_at.toISOString(),
          }),
        });
      }
      return {
        acknowledged: rows.map((r) => ({
          eventId: Number(r.id),
          acknowledgedBy: r.acknowledged_by,
          acknowledgedByName: r.acknowledged_by_name,
          acknowledgedAt: r.acknowledged_at.toISOString(),
        })),
        unchanged: ids.filter((id) => !done.has(id)),
      };
    },
  };
}

export type AlarmConsoleService = ReturnType<typeof createAlarmConsoleService>;
