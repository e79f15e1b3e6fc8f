/**
 * @vitest-environment happy-dom
 *
 * The complete site list and live changes (use-complete-site-list.ts): a change that arrives while a
 * page of the list is on its way — read by the server before the change — is still shown once the
 * page lands, instead of the site's old state until its next change.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSite, buildSiteAlarm } from '../../../testing/site-factories.ts';
import { applyStatusUpdate } from '../../site-list/index.ts';
import { useCompleteSiteList } from './use-complete-site-list.ts';

afterEach(() => vi.unstubAllGlobals());

type StatusUpdate = Parameters<typeof applyStatusUpdate>[1];

describe('the complete site list', () => {
  it('shows a change received while its page was being read', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The server read the site before its mains failed; its reply arrives after the live change.
    const before = buildSite({ alarms: [buildSiteAlarm('mains_fail', true)] });
    const fetch = vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify({ items: [before], total: 1, page: 1, limit: 1000 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCompleteSiteList(1000), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));

    const failed = { siteUid: before.uid, alarms: [buildSiteAlarm('mains_fail', false)], dcLoad: [] };
    act(() =>
      result.current.updateSites((site) => applyStatusUpdate(site, failed as unknown as StatusUpdate)),
    );
    answer();

    await waitFor(() => expect(result.current.query.isFetching).toBe(false));
    expect(result.current.sites.map((s) => s.alarms.find((a) => a.id === 'mains_fail')?.isNormal)).toEqual([
      false,
    ]);
    // Later changes apply as they come.
    const cleared = { ...failed, alarms: [buildSiteAlarm('mains_fail', true)] };
    act(() =>
      result.current.updateSites((site) => applyStatusUpdate(site, cleared as unknown as StatusUpdate)),
    );
    await waitFor(() =>
      expect(result.current.sites.map((s) => s.alarms.find((a) => a.id === 'mains_fail')?.isNormal)).toEqual([
        true,
      ]),
    );
  });
});
