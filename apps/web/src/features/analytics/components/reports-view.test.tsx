/**
 * @vitest-environment happy-dom
 *
 * The analytics page while a changed period loads (issue 37, docs/requirements.md#report-loading): the
 * previous report stays dimmed under a loader and the period line says it is loading — it is not passed
 * off as the new answer; a custom range asks with its two Dhaka dates. `fetch` answers as the contract
 * says the server does, the second answer held until the test releases it.
 */

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TemperatureReportReply } from '@towerwatch/contract';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../../../testing/demo-users.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { ReportsView } from './reports-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const totals = {
  maxC: null,
  meanC: null,
  minutesAbove: 0,
  episodes: 0,
  episodesPerMonth: 0,
  gapMinutes: 0,
  completenessPct: 100,
  sites: 0,
  sitesFrequent: 0,
};

/** A temperature report over `from`…`until` with no sites. */
function reply(from: string, until: string): TemperatureReportReply {
  return {
    report: 'temperature',
    generatedAt: until,
    period: { from, until, end: until },
    compare: 'none',
    comparePeriod: null,
    tenant: null,
    companyId: null,
    parameters: { monthlyFrequency: 4 },
    totals,
    previousTotals: null,
    sites: [],
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const period = () => screen.getByTestId('report-period').textContent;

describe('analytics report while a new period loads', () => {
  it('marks the previous report as loading until the new one arrives', async () => {
    let release: (() => void) | undefined;
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        if (urls.length === 1) return json(reply('2026-10-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z'));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return json(reply('2026-08-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z'));
      }),
    );
    renderInApp(
      <Routes>
        <Route
          path="/analytics"
          element={<ReportsView siteUid={null} scopeName="all sites" tenants={[]} />}
        />
      </Routes>,
      { path: '/analytics?report=temperature', user: DEMO_USERS.ktbl },
    );
    await waitFor(() => expect(period()).toBe('24 Oct 2026 – 24 Nov 2026'));
    expect(screen.getByTestId('report-body').getAttribute('aria-busy')).toBe('false');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('3 months'));
    // At once, before the new report is even asked for: loading, the old figures marked busy.
    expect(period()).toBe('Loading the report…');
    expect(screen.getByTestId('report-body').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(period()).toBe('Loading the report…');
    expect(screen.getByTestId('report-body').getAttribute('aria-busy')).toBe('true');

    release?.();
    await waitFor(() => expect(period()).toBe('24 Aug 2026 – 24 Nov 2026'));
    expect(screen.getByTestId('report-body').getAttribute('aria-busy')).toBe('false');
  });

  it('a custom range asks with its first and last Dhaka day', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return json(reply('2026-10-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z'));
      }),
    );
    renderInApp(
      <Routes>
        <Route
          path="/analytics"
          element={<ReportsView siteUid={null} scopeName="all sites" tenants={[]} />}
        />
      </Routes>,
      { path: '/analytics?report=temperature', user: DEMO_USERS.ktbl },
    );
    await waitFor(() => expect(urls).toHaveLength(1));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Custom'));
    const first = screen.getByLabelText('First day') as HTMLInputElement;
    const last = screen.getByLabelText('Last day') as HTMLInputElement;
    expect(first.value).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await waitFor(() => expect(urls).toHaveLength(2));
    const asked = new URL(urls[1] ?? '', 'http://x').searchParams;
    expect(asked.get('from_time')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked.get('until_time')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(last.value).not.toBe('');
  });
});
