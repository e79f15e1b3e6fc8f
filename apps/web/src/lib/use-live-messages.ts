import { useEffect, useRef } from 'react';
import { type LiveMessage, liveClient } from './live-client.ts';

/** Calls `handler` for every live message while the component is mounted (latest handler wins). */
export function useLiveMessages(handler: (message: LiveMessage) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => liveClient.subscribe((message) => latest.current(message)), []);
}
