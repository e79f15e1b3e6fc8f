import { describe, expect, it } from 'vitest';
import {
  canTransitionTicket,
  DEFAULT_TICKET_SLA,
  isTicketOpen,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
  type TicketClock,
  ticketReasonRequired,
  ticketSlaState,
} from './tickets.ts';

const base: TicketClock = {
  status: 'acknowledged',
  requestedAt: '2026-03-01T10:00:00Z',
  acknowledgedAt: null,
  resolvedAt: null,
  pausedMs: 0,
  pausedSince: null,
  acknowledgePausedMs: null,
  sla: DEFAULT_TICKET_SLA.critical,
};

describe('ticket transitions', () => {
  it('closed and cancelled are final; resolved may close or reopen', () => {
    expect(TICKET_TRANSITIONS.closed).toEqual([]);
    expect(TICKET_TRANSITIONS.cancelled).toEqual([]);
    expect(canTransitionTicket('resolved', 'closed')).toBe(true);
    expect(canTransitionTicket('resolved', 'inProgress')).toBe(true);
    expect(canTransitionTicket('acknowledged', 'closed')).toBe(false);
    expect(canTransitionTicket('held', 'resolved')).toBe(false);
  });

  it('no status moves to itself or back to acknowledged', () => {
    for (const s of TICKET_STATUSES) {
      expect(canTransitionTicket(s, s)).toBe(false);
      expect(canTransitionTicket(s, 'acknowledged')).toBe(false);
    }
  });

  it('open statuses and reasons', () => {
    expect(isTicketOpen('pending')).toBe(true);
    expect(isTicketOpen('resolved')).toBe(false);
    expect(ticketReasonRequired('inProgress', 'held')).toBe(true);
    expect(ticketReasonRequired('resolved', 'inProgress')).toBe(true);
    expect(ticketReasonRequired('acknowledged', 'inProgress')).toBe(false);
  });
});

describe('ticket SLA clocks', () => {
  it('counts down from creation and breaches past the target', () => {
    const at10 = ticketSlaState(base, new Date('2026-03-01T10:10:00Z'));
    expect(at10.acknowledge.remainingMs).toBe(5 * 60_000);
    expect(at10.acknowledge.breached).toBe(false);
    const at20 = ticketSlaState(base, new Date('2026-03-01T10:20:00Z'));
    expect(at20.acknowledge.breached).toBe(true);
    expect(at20.breaches).toBe(1);
  });

  it('stands still while paused and resumes without the paused time', () => {
    const paused = { ...base, status: 'pending' as const, pausedSince: '2026-03-01T10:05:00Z' };
    const a = ticketSlaState(paused, new Date('2026-03-01T10:30:00Z'));
    const b = ticketSlaState(paused, new Date('2026-03-01T12:00:00Z'));
    expect(a.paused).toBe(true);
    expect(a.acknowledge.remainingMs).toBe(10 * 60_000);
    expect(b.acknowledge.remainingMs).toBe(a.acknowledge.remainingMs);
    const resumed = { ...base, pausedMs: 60 * 60_000 };
    expect(ticketSlaState(resumed, new Date('2026-03-01T11:05:00Z')).acknowledge.remainingMs).toBe(
      10 * 60_000,
    );
  });

  it('a paused clock stopped when the pause began, even for a reader whose clock is behind', () => {
    const paused = { ...base, status: 'pending' as const, pausedSince: '2026-03-01T10:05:00Z' };
    expect(ticketSlaState(paused, new Date('2026-03-01T10:04:59Z')).acknowledge.remainingMs).toBe(
      10 * 60_000,
    );
  });

  it('pauses after a clock was met do not move it', () => {
    const later = {
      ...base,
      acknowledgedAt: '2026-03-01T10:12:00Z',
      acknowledgePausedMs: 0,
      pausedMs: 2 * 3600_000,
    };
    expect(ticketSlaState(later, new Date('2026-03-01T15:00:00Z')).acknowledge.remainingMs).toBe(3 * 60_000);
  });

  it('a met clock stops at the time it was met', () => {
    const acked = { ...base, acknowledgedAt: '2026-03-01T10:12:00Z' };
    const s = ticketSlaState(acked, new Date('2026-03-02T00:00:00Z'));
    expect(s.acknowledge).toEqual({ remainingMs: 3 * 60_000, breached: false, met: true });
    expect(s.resolve.breached).toBe(true);
  });
});
