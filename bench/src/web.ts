/**
 * Benchmark 5, web: weight of the production build (apps/web/dist) and time to a rendered dashboard in
 * headless Chromium against the real server at scale. Initial JS/CSS per route is what the browser
 * actually requests when it opens /login and /dashboard (gzip -9 of each file), plus the static
 * closure of the Vite manifest for comparison. The build is made first when it is missing or older
 * than the web sources (not in --tiny).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { num, warmEnabled } from './lib/cli.ts';
import { printTable, startResult } from './lib/results.ts';
import { startLoadedServer, WARM_TIMEOUT_MS } from './lib/rig.ts';
import type { ServerHandle } from './lib/server.ts';
import { errorText, type Percentiles, percentiles, REPO_ROOT, round1 } from './lib/util.ts';

const WEB = path.join(REPO_ROOT, 'apps', 'web');
const DIST = path.join(WEB, 'dist');

interface RouteWeight {
  route: string;
  ok: boolean;
  error: string | null;
  jsGzipKb: number;
  cssGzipKb: number;
  jsFiles: string[];
  cssFiles: string[];
}

interface TimingResult {
  ok: boolean;
  error: string | null;
  runs: number;
  /** First load in a fresh browser context (empty cache). */
  coldMs: number | null;
  /** Later loads in the same context (cached assets). */
  warmMs: Percentiles;
}

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(
    newestMtime(path.join(WEB, 'src')),
    newestMtime(path.join(REPO_ROOT, 'packages', 'domain', 'src')),
    newestMtime(path.join(REPO_ROOT, 'packages', 'contract', 'src')),
  );
  return statSync(index).mtimeMs < sources;
}

const gzipKb = (file: string) => round1(gzipSync(readFileSync(file), { level: 9 }).length / 1024);

/** Static closure of the manifest: the entry chunk and everything it imports statically. */
function manifestEntryWeight(): { jsGzipKb: number; cssGzipKb: number; files: number } | null {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) return null;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  visit(entry);
  const js = [...seen].map((k) => manifest[k]?.file ?? '');
  const css = [...new Set([...seen].flatMap((k) => manifest[k]?.css ?? []))];
  return {
    jsGzipKb: round1(js.reduce((s, f) => s + gzipKb(path.join(DIST, f)), 0)),
    cssGzipKb: round1(css.reduce((s, f) => s + gzipKb(path.join(DIST, f)), 0)),
    files: js.length,
  };
}

/** Records the JS/CSS files the page requests from /assets while `action` runs. */
async function assetsLoadedBy(
  page: Page,
  action: () => Promise<void>,
): Promise<{ js: string[]; css: string[] }> {
  const js = new Set<string>();
  const css = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/assets/')) return;
    if (pathname.endsWith('.js')) js.add(pathname);
    if (pathname.endsWith('.css')) css.add(pathname);
  };
  page.on('request', onRequest);
  await action();
  page.off('request', onRequest);
  return { js: [...js], css: [...css] };
}

function weigh(route: string, files: { js: string[]; css: string[] }): RouteWeight {
  const size = (list: string[]) => round1(list.reduce((s, f) => s + gzipKb(path.join(DIST, f)), 0));
  return {
    route,
    ok: files.js.length > 0,
    error: files.js.length > 0 ? null : 'no JavaScript requested',
    jsGzipKb: size(files.js),
    cssGzipKb: size(files.css),
    jsFiles: files.js,
    cssFiles: files.css,
  };
}

async function dashboardRendered(page: Page, timeoutMs: number): Promise<void> {
  // A string (evaluated in the page): this package is typed without the DOM library.
  await page.waitForFunction(
    `document.querySelectorAll('[data-tile] [data-testid="tile-count"]').length > 0 &&
     document.querySelector('[aria-label="Loading count"]') === null`,
    undefined,
    { timeout: timeoutMs, polling: 10 },
  );
}

interface SiteListResult {
  ok: boolean;
  error: string | null;
  /** Rows the list holds (aria-rowcount − 1). */
  rows: number | null;
  /** Navigation → the first rows rendered (the first page of 1,000 sites fetched and laid out). */
  renderedMs: number | null;
  /** Navigation → every page of the user's sites loaded (the list loads 1,000 sites per request). */
  allLoadedMs?: number | null;
  /** scrollTop = end → the last row rendered. */
  jumpToEndMs: number | null;
  /** Scrolling from the top to the end one screen at a time, each step rendered. */
  scrollThroughMs: number | null;
  scrollSteps: number;
  /** HTTP status of a deep link to /site/list (200 = the server serves the app there). */
  deepLinkStatus?: number;
}

async function measureSiteList(page: Page, baseUrl: string): Promise<SiteListResult> {
  const out: SiteListResult = {
    ok: false,
    error: null,
    rows: null,
    renderedMs: null,
    allLoadedMs: null,
    jumpToEndMs: null,
    scrollThroughMs: null,
    scrollSteps: 0,
  };
  try {
    // The list is opened from the dashboard with a client-side navigation, as a tile click does (the
    // deep link's status is recorded too).
    // As a browser asks for a page (Accept: text/html); API clients asking for JSON get a 404 there.
    const deep = await fetch(`${baseUrl}/site/list`, { headers: { accept: 'text/html' } });
    out.deepLinkStatus = deep.status;
    await page.goto(`${baseUrl}/dashboard/business`);
    await dashboardRendered(page, 60_000);
    const started = performance.now();
    await page.evaluate(
      `history.pushState({}, '', '/site/list'); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await page.waitForFunction(
      `document.querySelector('tr.site-list-row') !== null &&
       !/^Loading/.test(document.querySelector('[data-testid="site-count"]')?.textContent ?? 'Loading')`,
      undefined,
      { timeout: 120_000, polling: 10 },
    );
    out.renderedMs = Math.round(performance.now() - started);
    // The list then loads the rest page by page ("… (loading N)" until the last page is in).
    await page.waitForFunction(
      `!/loading/i.test(document.querySelector('[data-testid="site-count"]')?.textContent ?? 'loading')`,
      undefined,
      { timeout: 300_000, polling: 50 },
    );
    out.allLoadedMs = Math.round(performance.now() - started);
    const rowCount = Number(await page.getAttribute('table[aria-label="Sites"]', 'aria-rowcount'));
    out.rows = rowCount - 1;
    const scroller = '[data-testid="site-list-scroll"]';
    const jumpStart = performance.now();
    await page.evaluate(
      `(() => { const el = document.querySelector('${scroller}'); el.scrollTop = el.scrollHeight; })()`,
    );
    await page.waitForSelector(`tr[aria-rowindex="${rowCount}"]`, { state: 'attached', timeout: 60_000 });
    out.jumpToEndMs = Math.round(performance.now() - jumpStart);
    // Back to the top, then one screen per step to the end, waiting for each screen's rows.
    await page.evaluate(`document.querySelector('${scroller}').scrollTop = 0`);
    await page.waitForSelector('tr[aria-rowindex="2"]', { state: 'attached', timeout: 60_000 });
    const throughStart = performance.now();
    let steps = 0;
    for (;;) {
      const done = (await page.evaluate(
        `(() => { const el = document.querySelector('${scroller}');
          const before = el.scrollTop; el.scrollTop = before + el.clientHeight;
          return el.scrollTop === before; })()`,
      )) as boolean;
      if (done) break;
      steps++;
      // Wait for the next frame so the virtualiser renders the rows of the new position.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(null)))');
      if (steps > 20_000) break;
    }
    await page.waitForSelector(`tr[aria-rowindex="${rowCount}"]`, { state: 'attached', timeout: 60_000 });
    out.scrollThroughMs = Math.round(performance.now() - throughStart);
    out.scrollSteps = steps;
    out.ok = true;
  } catch (err) {
    out.error = errorText(err).split('\n')[0] ?? 'failed';
  } finally {
    await page.close().catch(() => undefined);
  }
  return out;
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill('ktbl');
  await page.getByLabel('Password', { exact: true }).fill('towerwatch');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/welcome', { timeout: 60_000 });
}

export const webBenchmark: Benchmark = {
  name: 'web',
  description: 'production bundle weight and time to a rendered dashboard in headless Chromium',
  async run(opts) {
    const result = startResult(opts, 'web');
    const sites = num(opts, 'sites', { tiny: 200, quick: 1000, full: 50_000 });
    const repeats = num(opts, 'repeats', { tiny: 2, quick: 3, full: 10 });
    let error: string | null = null;
    let built = false;
    const routes: RouteWeight[] = [];
    let manifest: ReturnType<typeof manifestEntryWeight> = null;
    const dashboard: TimingResult = {
      ok: false,
      error: null,
      runs: 0,
      coldMs: null,
      warmMs: percentiles([]),
    };
    let siteList: SiteListResult = {
      ok: false,
      error: 'not measured',
      rows: null,
      renderedMs: null,
      jumpToEndMs: null,
      scrollThroughMs: null,
      scrollSteps: 0,
    };
    let warmUp: { messages: number; seconds: number } | null = null;
    let server: ServerHandle | null = null;
    let browser: Browser | null = null;
    try {
      if (buildIsStale()) {
        if (opts.size === 'tiny')
          throw new Error('apps/web/dist is missing or stale: run npm run build -w @towerwatch/web');
        console.log('web: building apps/web (npm run build -w @towerwatch/web)');
        execFileSync('npm', ['run', 'build', '-w', '@towerwatch/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
        built = true;
      }
      manifest = manifestEntryWeight();
      const loaded = await startLoadedServer({
        db: 'system',
        sites,
        env: { WEB_DIST: DIST },
        warmTimeoutMs: WARM_TIMEOUT_MS[opts.size],
        warm: warmEnabled(opts),
      });
      server = loaded.server;
      warmUp = loaded.warmUp;
      console.log(
        `web: ${sites} sites loaded in ${loaded.fleetLoad.seconds} s, warm-up ${loaded.warmUp?.seconds ?? 'skipped'} s`,
      );
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      const baseUrl = server.baseUrl;
      // /login in a fresh context: what a first visit downloads.
      const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const loginPage = await fresh.newPage();
      const loginFiles = await assetsLoadedBy(loginPage, async () => {
        await loginPage.goto(`${baseUrl}/login`);
        await loginPage.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
      });
      routes.push(weigh('/login', loginFiles));
      await signIn(loginPage, baseUrl);
      const state = await fresh.storageState();
      await fresh.close();
      // /dashboard opened directly by a signed-in user with an empty cache, then repeatedly.
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        storageState: state,
      });
      const times: number[] = [];
      for (let i = 0; i < repeats; i++) {
        const page = await context.newPage();
        const started = performance.now();
        const files = await assetsLoadedBy(page, async () => {
          await page.goto(`${baseUrl}/dashboard/business`);
          await dashboardRendered(page, 60_000);
        });
        const ms = Math.round(performance.now() - started);
        if (i === 0) {
          routes.push(weigh('/dashboard', files));
          dashboard.coldMs = ms;
        } else times.push(ms);
        await page.close();
      }
      dashboard.runs = repeats;
      dashboard.warmMs = percentiles(times);
      dashboard.ok = true;
      // The site list (/site/list, virtualised): time to the first rows, then scrolling to the end.
      siteList = await measureSiteList(await context.newPage(), baseUrl);
      await context.close();
    } catch (err) {
      error = errorText(err);
      if (!dashboard.ok && dashboard.error === null) dashboard.error = error;
      console.error(`web failed: ${error}`);
    } finally {
      await browser?.close().catch(() => undefined);
      await server?.stop().catch(() => undefined);
    }
    const written = result.finish({
      ok: error === null && routes.every((r) => r.ok),
      ...(error ? { error } : {}),
      targets: { loginJsGzipKb: 200 },
      built,
      sites,
      warmUp,
      routes,
      manifestEntry: manifest,
      dashboard,
      siteList,
    });
    printTable(
      'Web (production build, gzip -9 of the files the browser requested)',
      written.routes.map((r) => ({
        route: r.route,
        'JS kB gz': r.jsGzipKb,
        'CSS kB gz': r.cssGzipKb,
        'JS files': r.jsFiles.length,
      })),
    );
    console.log(
      `  dashboard rendered (${sites} sites): cold ${dashboard.coldMs ?? '-'} ms, warm p50 ${dashboard.warmMs.p50 ?? '-'} ms` +
        `${dashboard.error ? ` (${dashboard.error})` : ''}; site list (${siteList.rows ?? '-'} rows): ` +
        (siteList.ok
          ? `first rows ${siteList.renderedMs} ms, all loaded ${siteList.allLoadedMs} ms, jump to end ${siteList.jumpToEndMs} ms, ${siteList.scrollSteps} screens scrolled in ${siteList.scrollThroughMs} ms`
          : `${siteList.error}`),
    );
    return written.ok;
  },
};

runIfMain(import.meta.url, webBenchmark);
