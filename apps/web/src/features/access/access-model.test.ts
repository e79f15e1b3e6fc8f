import { describe, expect, it } from 'vitest';
import {
  accessFlags,
  advanceCommand,
  applyToCommands,
  commandSteps,
  createCommandLog,
  doorAndLock,
  syncStateView,
  type TrackedCommand,
} from './access-model.ts';

const alarm = (id: string, isNormal: boolean, isAvailable = true) => ({ id, isNormal, isAvailable });

describe('door and lock', () => {
  it('reads the alarm first: raised means open', () => {
    const [door, lock] = doorAndLock([alarm('door_status', false), alarm('lock_status', true)], []);
    expect(door).toEqual({ label: 'Door', open: true, text: 'OPEN' });
    expect(lock).toMatchObject({ label: 'Lock', open: false, text: 'CLOSE' });
  });

  it('falls back to the access pin of that priority (1 closed, 0 open), unknown without either', () => {
    const pins = [
      { type: 'access_control', priority: 'door', status: 0 },
      { type: 'access_control', priority: 'lock', status: null },
    ];
    const [door, lock] = doorAndLock([alarm('door_status', true, false)], pins);
    expect(door?.open).toBe(true);
    expect(lock).toMatchObject({ open: null, text: '-' });
  });

  it('flags the alarms an operator clears', () => {
    expect(accessFlags([alarm('security_breach', false), alarm('lock_open_fail', true)])).toEqual({
      securityBreach: true,
      lockOpenFail: false,
      lockCloseFail: false,
    });
    expect(accessFlags([alarm('security_breach', false, false)]).securityBreach).toBe(false);
  });
});

describe('command progress', () => {
  const pending: TrackedCommand = { id: 7, kind: 'unlock', status: 'pending', message: null };

  it('moves forward pending → sent → acked', () => {
    const sent = advanceCommand(pending, { id: 7, status: 'sent', message: null });
    expect(sent.status).toBe('sent');
    const acked = advanceCommand(sent, { id: 7, status: 'acked', message: 'ok' });
    expect(acked).toMatchObject({ status: 'acked', message: 'ok' });
  });

  it('ignores other commands, late steps and anything after the outcome', () => {
    expect(advanceCommand(pending, { id: 8, status: 'acked', message: null })).toBe(pending);
    const acked = advanceCommand(pending, { id: 7, status: 'acked', message: null });
    expect(advanceCommand(acked, { id: 7, status: 'sent', message: null }).status).toBe('acked');
    expect(advanceCommand(acked, { id: 7, status: 'failed', message: 'x' }).status).toBe('acked');
    const failed = advanceCommand(pending, { id: 7, status: 'failed', message: 'timeout' });
    expect(failed).toMatchObject({ status: 'failed', message: 'timeout' });
  });

  it('a reply after its updates starts from the furthest heard; later updates apply to the page state', () => {
    const log = createCommandLog();
    // sent and acked both before the reply (a fast device): the reply starts acked
    log.heard({ id: 7, status: 'sent', message: null });
    log.heard({ id: 7, status: 'acked', message: 'ok' });
    log.heard({ id: 7, status: 'sent', message: null });
    expect(log.started(pending)).toMatchObject({ status: 'acked', message: 'ok' });
    // sent before the reply, acked after it: applied to the commands the reply put in the state
    const other = createCommandLog();
    other.heard({ id: 7, status: 'sent', message: null });
    const state = { unlock: other.started(pending) };
    expect(state.unlock.status).toBe('sent');
    const ack = { id: 7, status: 'acked' as const, message: null };
    other.heard(ack);
    expect(applyToCommands(state, ack).unlock?.status).toBe('acked');
  });

  it('leaves the state as it is for an update of no command on the page, and forgets old commands', () => {
    const state = { unlock: pending };
    expect(applyToCommands(state, { id: 8, status: 'acked', message: null })).toBe(state);
    const log = createCommandLog();
    for (let id = 1; id <= 51; id++) log.heard({ id, status: 'sent', message: null });
    expect(log.started({ ...pending, id: 1 }).status).toBe('pending');
    expect(log.started({ ...pending, id: 2 }).status).toBe('sent');
  });

  it('shows the steps reached, the last as Failed when it failed', () => {
    expect(commandSteps('sent').map((s) => s.reached)).toEqual([true, true, false]);
    expect(commandSteps('failed')[2]).toEqual({ label: 'Failed', reached: true, failed: true });
    expect(commandSteps('acked')[2]?.label).toBe('Acked');
  });
});

describe('sync state', () => {
  it('says "Sync pending" until the device acks', () => {
    expect(syncStateView('pending').label).toBe('Sync pending');
    expect(syncStateView('applied').color).toBe('teal');
    expect(syncStateView('failed').color).toBe('red');
    expect(syncStateView(null).label).toBe('No list sent');
  });
});
