/**
 * patchLiveQuery (live-query.ts): a live change that arrives while the reply is being read — read by the
 * server before the change — is still what the query holds once everything has landed.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patchLiveQuery } from './live-query.ts';

type Reply = { dg: 'Running' | 'Stopped' };
const key = ['site', 'alarms', 'S1'] as const;

/** A query whose reads the test answers one by one, observed (active) as on a screen. */
function harness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const pending: ((reply: Reply) => void)[] = [];
  const queryFn = vi.fn(
    () =>
      new Promise<Reply>((resolve) => {
        pending.push(resolve);
      }),
  );
  const observer = new QueryObserver(client, { queryKey: key, queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  /** Answers the next read (waiting for it to start) and waits until its reply is what the query holds. */
  const answer = async (reply: Reply) => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()?.(reply);
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(reply));
  };
  return { client, queryFn, answer, unsubscribe };
}

const running = (previous: Reply): Reply => ({ ...previous, dg: 'Running' });

let done: (() => void) | undefined;
afterEach(() => done?.());

describe('patchLiveQuery', () => {
  it('applies a change at once when no read is in flight, without reading again', async () => {
    const { client, queryFn, answer, unsubscribe } = harness();
    done = unsubscribe;
    await answer({ dg: 'Stopped' });
    patchLiveQuery<Reply>(client, key, running);
    expect(client.getQueryData(key)).toEqual({ dg: 'Running' });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('reads again after a read that was in flight when the change arrived, and ends with the change', async () => {
    const { client, queryFn, answer, unsubscribe } = harness();
    done = unsubscribe;
    await answer({ dg: 'Stopped' });
    void client.refetchQueries({ queryKey: key });
    await vi.waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('fetching'));
    patchLiveQuery<Reply>(client, key, running);
    patchLiveQuery<Reply>(client, key, running);
    expect(client.getQueryData(key)).toEqual({ dg: 'Running' });
    // The read in flight was answered before the DG started: it lands, then one more read.
    await answer({ dg: 'Stopped' });
    await answer({ dg: 'Running' });
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('leaves an empty cache empty and still reads again after the first read', async () => {
    const { client, queryFn, answer, unsubscribe } = harness();
    done = unsubscribe;
    await vi.waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('fetching'));
    patchLiveQuery<Reply>(client, key, running);
    expect(client.getQueryData(key)).toBeUndefined();
    await answer({ dg: 'Stopped' });
    await answer({ dg: 'Running' });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
