/**
 * Prints Markdown tables of the result files (for docs/performance.md, so the figures there are
 * copied from the JSON, not typed): `npx tsx src/report.ts [--out DIR]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from './lib/cli.ts';

type Json = Record<string, unknown> & { [key: string]: unknown };

const opts = parseArgs(process.argv.slice(2));
const read = (name: string): Json | null => {
  const file = path.join(opts.outDir, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Json) : null;
};
const cell = (v: unknown) => (v === null || v === undefined ? '–' : String(v));
function table(head: string[], rows: unknown[][]): void {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.map(cell).join(' | ')} |`);
  console.log('');
}
// biome-ignore lint/suspicious/noExplicitAny: free-form JSON of the result files
type Any = any;
/** ", machine speed: CPU … ops/s, fsync … /s" when the file has the calibration (2026-11-25 on). */
const speed = (result: Any) =>
  result?.machine?.speed
    ? `, machine speed: CPU ${result.machine.speed.cpuOpsPerS} ops/s, fsync ${result.machine.speed.fsyncPerS}/s`
    : '';

const ingest = read('ingest') as Any;
if (ingest) {
  console.log(
    `### Ingest (${ingest.size}, ${ingest.startedAt}, load average at start ${ingest.machine.loadAverage.join(' / ')}${speed(ingest)})\n`,
  );
  table(
    [
      'broker',
      'database',
      'devices',
      'connections',
      'max msg/s',
      'values/s',
      'p99 ms',
      'server cores',
      'db cores',
      'server RSS MB',
    ],
    ingest.runs.map((r: Any) => [
      r.broker,
      `${r.db} (PG ${r.pgVersion ?? '?'})`,
      r.devices,
      `${r.connections} (${r.connectionMode})`,
      r.maxSustained?.msgPerS ?? (r.error ? `error: ${r.error}` : 'none passed'),
      r.maxSustained?.valuesPerS,
      r.maxSustained?.p99Ms,
      r.maxSustained?.serverCores,
      r.maxSustained?.dbCores,
      r.maxSustained?.serverRssMb,
    ]),
  );
  for (const r of ingest.runs as Any[]) {
    console.log(`Steps, ${r.broker} broker / ${r.db} PostgreSQL:\n`);
    table(
      [
        'target msg/s',
        'acked msg/s',
        'p50 ms',
        'p99 ms',
        'lost',
        'drain ms',
        'server cores',
        'db cores',
        'load-gen cores',
        'loop p99 ms',
        'loop max ms',
        'result',
      ],
      r.steps.map((s: Any) => [
        s.targetRate,
        s.achievedRate,
        s.latencyMs.p50,
        s.latencyMs.p99,
        s.lostMessages,
        s.drainMs,
        s.serverCores,
        s.dbCores,
        s.loadGeneratorCores,
        s.eventLoopDelayP99Ms,
        s.eventLoopDelayMaxMs,
        s.pass ? 'pass' : `fail: ${s.reason}`,
      ]),
    );
  }
}

const alarm = read('alarm') as Any;
if (alarm) {
  console.log(`### Alarm latency (${alarm.size}, ${alarm.startedAt}${speed(alarm)})\n`);
  table(
    [
      'broker',
      'database',
      'load msg/s',
      'load lost',
      'probes',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'loop p99 ms',
      'loop max ms',
    ],
    alarm.runs.map((r: Any) => [
      r.broker,
      r.db,
      `${r.load?.achievedRate ?? r.loadRate} (${r.loadRateSource})`,
      r.load?.lostMessages,
      `${r.probesReceived}/${r.probesSent}`,
      r.latencyMs.p50,
      r.latencyMs.p95,
      r.latencyMs.p99,
      r.error ? `error: ${r.error}` : r.latencyMs.max,
      r.load?.eventLoopDelayP99Ms,
      r.load?.eventLoopDelayMaxMs,
    ]),
  );
}

const api = read('api') as Any;
if (api) {
  console.log(`### API (${api.size}, ${api.startedAt}${speed(api)})\n`);
  for (const r of api.runs as Any[]) {
    console.log(
      `${r.db} PostgreSQL ${r.pgVersion ?? ''}: ${r.fleet?.sites ?? '?'} sites added + 200 seeded, ${r.events?.events ?? '?'} events (loaded in ${r.fleet?.seconds ?? '?'} s + ${r.events?.seconds ?? '?'} s), ${r.connections} connections × ${r.durationS} s per endpoint${r.error ? `; error: ${r.error}` : ''}\n`,
    );
    table(
      ['endpoint', 'user', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'reply kB', 'result'],
      r.endpoints.map((e: Any) => [
        e.name,
        e.user,
        e.requestsPerS,
        e.latencyMs.p50,
        e.latencyMs.p95,
        e.latencyMs.p99,
        e.replyBytes === null ? null : Math.round(e.replyBytes / 102.4) / 10,
        e.ok ? 'ok' : e.error,
      ]),
    );
  }
}

const fanout = read('fanout') as Any;
if (fanout) {
  console.log(`### Fan-out (${fanout.size}, ${fanout.startedAt}${speed(fanout)})\n`);
  for (const r of fanout.runs as Any[]) {
    console.log(
      `${r.db} PostgreSQL, ${r.sites} sites, ${r.sockets} sockets (${r.socketsFailed} failed) opened in ${r.openS} s, server RSS after opening ${r.serverRssAfterOpenMb} MB${r.error ? `; error: ${r.error}` : ''}\n`,
    );
    table(
      [
        'events/s',
        'SITE_EVENT/s',
        'received/expected',
        'all messages/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'server RSS MB',
        'loop p99 ms',
        'loop max ms',
      ],
      r.steps.map((s: Any) => [
        s.targetEventsPerS,
        s.siteEventsPerS,
        `${s.siteEvents}/${s.expectedSiteEvents}`,
        s.deliveriesPerS,
        s.latencyMs.p50,
        s.latencyMs.p95,
        s.latencyMs.p99,
        s.serverRssMb,
        s.eventLoopDelayP99Ms,
        s.eventLoopDelayMaxMs,
      ]),
    );
  }
}

const web = read('web') as Any;
if (web) {
  console.log(`### Web (${web.size}, ${web.startedAt}${speed(web)})\n`);
  table(
    ['route', 'JS kB gzip', 'CSS kB gzip', 'JS files'],
    web.routes.map((r: Any) => [r.route, r.jsGzipKb, r.cssGzipKb, r.jsFiles.length]),
  );
  console.log(
    `Manifest entry closure: ${web.manifestEntry ? `${web.manifestEntry.jsGzipKb} kB JS, ${web.manifestEntry.cssGzipKb} kB CSS (${web.manifestEntry.files} files)` : '–'}. ` +
      `Dashboard rendered with ${web.sites} sites: cold ${web.dashboard.coldMs ?? '–'} ms, warm p50 ${web.dashboard.warmMs.p50 ?? '–'} ms / max ${web.dashboard.warmMs.max ?? '–'} ms (${web.dashboard.runs} loads). Site list (${web.siteList.rows ?? '–'} rows): ${web.siteList.ok ? `first rows in ${web.siteList.renderedMs} ms, every page loaded in ${web.siteList.allLoadedMs ?? '–'} ms, jump to the end ${web.siteList.jumpToEndMs} ms, scrolled through ${web.siteList.scrollSteps} screens in ${web.siteList.scrollThroughMs} ms` : web.siteList.error}.${web.error ? ` Error: ${web.error}` : ''}\n`,
  );
}
