import { describe, expect, it } from 'vitest';
import { shouldRegisterServiceWorker } from './service-worker.ts';

describe('service worker registration (docs/requirements.md#service-worker)', () => {
  it('is skipped on 2g and slow-2g connections and with data-saver', () => {
    expect(shouldRegisterServiceWorker({ effectiveType: '2g' })).toBe(false);
    expect(shouldRegisterServiceWorker({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldRegisterServiceWorker({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('registers otherwise, also when the browser gives no connection info', () => {
    expect(shouldRegisterServiceWorker({ effectiveType: '3g' })).toBe(true);
    expect(shouldRegisterServiceWorker(undefined)).toBe(true);
  });
});
