/**
 * `npx tsx bench/src/profile-window.ts DIR|FILE --last 65 [--skip-end 2] [--json FILE]` (or
 * `--from S --to S`, seconds after the profile's start): where the
 * server's main thread spent the measured part of a `--profile` run (see lib/profile-window.ts). With
 * a directory, the largest `.cpuprofile` in it is read (the main thread; the others are the module
 * loader's).
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from './lib/cli.ts';
import { profileWindow, readProfile } from './lib/profile-window.ts';

const opts = parseArgs(process.argv.slice(2));
const target = opts.names[0];
if (!target) {
  console.error(
    'usage: profile-window.ts DIR|FILE (--last S [--skip-end S] | --from S --to S) [--json FILE]',
  );
  process.exit(2);
}
const file = statSync(target).isDirectory()
  ? (readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0] ?? '')
  : target;
if (!file) {
  console.error(`no .cpuprofile in ${target}`);
  process.exit(2);
}
const seconds = (key: string) => (opts.flags.has(key) ? Number(opts.flags.get(key)) : undefined);
const window = profileWindow(readProfile(file), {
  lastS: seconds('last') ?? 60,
  skipEndS: seconds('skip-end'),
  fromS: seconds('from'),
  toS: seconds('to'),
});
const result = { file: path.basename(file), ...window };
const out = opts.flags.get('json');
if (out) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`${result.file}: ${window.fromS}–${window.toS} s, main thread busy ${window.busyPct} %`);
for (const s of window.self.slice(0, 12)) console.log(`  self ${String(s.pct).padStart(5)} %  ${s.fn}`);
for (const s of window.stalls.slice(0, 6))
  console.log(`  stall at ${s.atS} s: ${s.ms} ms — ${s.top.map((x) => `${x.fn} ${x.pct} %`).join('; ')}`);
