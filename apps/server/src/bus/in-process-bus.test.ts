import { describe, expect, it, vi } from 'vitest';
import type { LiveEnvelope } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';

const envelope: LiveEnvelope = {
  audience: { companyId: 'ktbl', siteUid: 'S1', tenant: null },
  message: { event: 'MAINS_AVAILABLE_COUNT', payload: { on: 1, off: 0 } },
};

describe('in-process bus', () => {
  it('delivers to subscribers of the channel after publish returns, in order', async () => {
    const bus = createInProcessBus();
    const got: string[] = [];
    bus.subscribe('command.created', (e) => {
      got.push(`c${e.id}`);
    });
    bus.subscribe('live', (e) => {
      got.push(e.message.event);
    });
    bus.publish('command.created', { id: 1 });
    bus.publish('live', envelope);
    bus.publish('command.created', { id: 2 });
    expect(got).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual(['c1', 'MAINS_AVAILABLE_COUNT', 'c2']);
  });

  it('isolates a failing handler and stops after unsubscribe and close', async () => {
    const error = vi.fn();
    const bus = createInProcessBus({ error });
    const ok = vi.fn();
    bus.subscribe('live', () => {
      throw new Error('boom');
    });
    bus.subscribe('live', async () => {
      throw new Error('async boom');
    });
    const off = bus.subscribe('live', ok);
    bus.publish('live', envelope);
    await new Promise((r) => setTimeout(r, 0));
    expect(ok).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(2);
    off();
    bus.publish('live', envelope);
    await new Promise((r) => setTimeout(r, 0));
    expect(ok).toHaveBeenCalledTimes(1);
    await bus.close();
    const late = vi.fn();
    bus.subscribe('live', late);
    bus.publish('live', envelope);
    await new Promise((r) => setTimeout(r, 0));
    expect(late).not.toHaveBeenCalled();
  });
});
