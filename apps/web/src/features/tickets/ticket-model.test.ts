import type { Ticket } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import {
  createTicketPath,
  filterFromParams,
  formatCountdown,
  prefillFromParams,
  prependTicket,
  slaView,
  ticketMatches,
} from './ticket-model.ts';

const ticket: Ticket = {
  id: 7,
  title: 'Mains fail at Gulshan',
  description: '',
  type: 'power',
  severity: 'critical',
  priority: 'high',
  status: 'acknowledged',
  siteUid: 'KT-1',
  siteName: 'Gulshan Tower',
  tenant: 'robi',
  assigneeUid: null,
  assigneeName: null,
  createdBy: '100',
  createdByName: 'KTBL',
  requestedAt: '2026-03-01T10:00:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  pausedMs: 0,
  pausedSince: null,
  acknowledgePausedMs: null,
  sla: { acknowledgeMinutes: 15, resolveMinutes: 240 },
  alarms: [],
  alarmsCleared: false,
};

describe('ticket list filters and live prepend', () => {
  it('reads filters from the URL, dropping unknown statuses', () => {
    expect(filterFromParams(new URLSearchParams('status=pending,bogus&assignee=me&site=KT-1&q=x'))).toEqual({
      status: ['pending'],
      assignee: 'me',
      siteUid: 'KT-1',
      search: 'x',
    });
  });

  it('a new ticket goes into the lists it matches, once', () => {
    const any = filterFromParams(new URLSearchParams());
    expect(ticketMatches(ticket, any, '100')).toBe(true);
    expect(ticketMatches(ticket, { ...any, status: ['pending'] }, '100')).toBe(false);
    expect(ticketMatches(ticket, { ...any, assignee: 'me' }, '100')).toBe(false);
    expect(ticketMatches(ticket, { ...any, search: 'gulshan' }, '100')).toBe(true);
    expect(ticketMatches(ticket, { ...any, search: '#7' }, '100')).toBe(true);
    const pages = [{ items: [{ ...ticket, id: 5 }], total: 1 }];
    const once = prependTicket(pages, ticket);
    expect(once[0]?.items.map((t) => t.id)).toEqual([7, 5]);
    expect(once[0]?.total).toBe(2);
    expect(prependTicket(once, ticket)).toBe(once);
  });
});

describe('SLA display', () => {
  it('counts down the acknowledge clock, then shows it overdue', () => {
    expect(slaView(ticket, new Date('2026-03-01T10:05:00Z'))).toMatchObject({
      label: 'Acknowledge',
      text: '10 min 00 s left',
      colour: 'orange',
      breached: false,
    });
    expect(slaView(ticket, new Date('2026-03-01T10:20:00Z'))).toMatchObject({
      text: '5 min 00 s overdue',
      colour: 'red',
    });
  });

  it('stands still while pending and says so', () => {
    const pending = { ...ticket, status: 'pending' as const, pausedSince: '2026-03-01T10:05:00.000Z' };
    const a = slaView(pending, new Date('2026-03-01T10:06:00Z'));
    const b = slaView(pending, new Date('2026-03-01T11:06:00Z'));
    expect(a.text).toBe('10 min 00 s left · paused');
    expect(b.text).toBe(a.text);
    expect(a.colour).toBe('violet');
  });

  it('formats durations', () => {
    expect(formatCountdown(45_000)).toBe('45 s');
    expect(formatCountdown(-(3600_000 + 5 * 60_000))).toBe('1 h 05 min');
    expect(formatCountdown(50 * 3600_000)).toBe('2 d 2 h');
  });
});

describe('ticket from an alarm', () => {
  it('round-trips through the create link', () => {
    const path = createTicketPath({
      siteUid: 'KT-1',
      siteName: 'Gulshan',
      alarmId: 'mains_fail',
      tenant: 'robi',
      name: 'Mains Fail',
    });
    const prefill = prefillFromParams(new URL(path, 'http://x').searchParams);
    expect(prefill).toMatchObject({
      siteUid: 'KT-1',
      alarm: { alarmId: 'mains_fail', tenant: 'robi' },
      title: 'Mains Fail at Gulshan',
      type: 'power',
    });
    const fromDoor = prefillFromParams(new URLSearchParams('site=KT-1&alarm=door_status'));
    expect(fromDoor.type).toBe('access');
  });
});
