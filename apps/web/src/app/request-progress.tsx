import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { attachProgressBar } from '../lib/progress.ts';

/**
 * The top progress bar of requests (docs/requirements.md#progress-bar): Mantine's NavigationProgress, attached
 * to the request tracker while mounted, so no progress timer runs before it mounts or after it unmounts.
 */
export function RequestProgressBar() {
  useEffect(() => attachProgressBar(nprogress), []);
  return <NavigationProgress size={3} />;
}
