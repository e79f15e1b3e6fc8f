/**
 * The HTTP ingest inbox (http-inbox.ts) when its pipeline stops: a delivery the pipeline settled
 * answers with its outcome; one it dropped (the ingest lease was lost: jobs are dropped
 * unacknowledged) is rejected by `release()` — the request answers 503 at once instead of hanging
 * until the client gives up.
 */
import { describe, expect, it } from 'vitest';
import { createHttpInbox } from './http-inbox.ts';

type Done = (refused?: 'rate_limited' | 'unknown_device') => void;

describe('HTTP inbox', () => {
  it('rejects on release what the stopped pipeline never settled, and only that', async () => {
    const inbox = createHttpInbox();
    const held: Done[] = [];
    inbox.attach({ handle: (_t, _p, done) => held.push(done as Done), reject: () => undefined });
    const settled = inbox.deliver('tw/v1/dev/A/pins', '{}');
    const refused = inbox.deliver('tw/v1/dev/A/pins', '{}');
    const dropped = inbox.deliver('tw/v1/dev/B/pins', '{}');
    held[0]?.();
    held[1]?.('rate_limited');
    await expect(settled).resolves.toBeUndefined();
    await expect(refused).resolves.toBe('rate_limited');

    inbox.attach(null);
    inbox.release();
    await expect(dropped).rejects.toThrow('stopped before storing');
    // A late call of the dropped job's callback changes nothing; nothing else is pending.
    held[2]?.();
    inbox.release();
    await expect(inbox.deliver('tw/v1/dev/C/pins', '{}')).rejects.toThrow('no ingest pipeline');
  });
});
