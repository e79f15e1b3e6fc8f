import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Queries with a read again already due once their read in flight lands. */
const rereadDue = new WeakSet<object>();

/**
 * Applies a live change to the cached reply of `queryKey` (a no-op while nothing is cached).
 *
 * A read of that reply in flight when the change arrives may have been answered before the change was
 * committed; landing after it, it overwrites the change and the screen stays stale until the next read
 * (seen: a DG shown "Stopped" after its start event). So once that read lands the reply is read again
 * (a read that starts after the change); several changes during one read cost one read again. The read
 * in flight is not cancelled: changes arriving faster than a read takes would starve it.
 */
export function patchLiveQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (previous: T) => T,
): void {
  queryClient.setQueryData<T>(queryKey, (previous) => (previous === undefined ? previous : update(previous)));
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  const reading = query?.state.fetchStatus === 'fetching' ? query.promise : undefined;
  if (!query || !reading || rereadDue.has(query)) return;
  rereadDue.add(query);
  void reading
    .catch(() => undefined)
    .then(() => {
      rereadDue.delete(query);
      return queryClient.invalidateQueries({ queryKey, exact: true });
    });
}
