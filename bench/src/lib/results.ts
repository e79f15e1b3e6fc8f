/** Writing `<outDir>/<name>.json` and printing a result table. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchOptions, serverNodeFlags } from './cli.ts';
import { type MachineInfo, machineInfo, machineSpeed } from './machine.ts';
import { productNodeFlags } from './server.ts';

/** Fields every result file has. */
export interface ResultBase {
  name: string;
  /** True when the benchmark ran to the end (individual parts may still report failures). */
  ok: boolean;
  error?: string;
  size: BenchOptions['size'];
  startedAt: string;
  finishedAt: string;
  durationS: number;
  machine: MachineInfo;
  /** Load averages when the benchmark ended. */
  loadAverageEnd: number[];
  /** Node/V8 flags of the server process: the product's (`npm start`), then the run's `--node-flags`. */
  serverNodeFlags: string;
}

export type Row = Record<string, string | number | boolean | null | undefined>;

/** Prints rows as an aligned text table. */
export function printTable(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) {
    console.log('  (no rows)');
    return;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (v: Row[string]) => (v === null || v === undefined ? '-' : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((row) => cell(row[c]).length)));
  const line = (values: string[]) =>
    `  ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => cell(row[c]))));
}

/** Starts timing a benchmark; `finish` adds the common fields and writes the file. */
export function startResult(opts: BenchOptions, name: string) {
  const started = new Date();
  const machine: MachineInfo = { ...machineInfo(), speed: machineSpeed() };
  return {
    machine,
    finish<T extends object>(body: T & { ok: boolean; error?: string }): ResultBase & T {
      const finished = new Date();
      const result = {
        name,
        size: opts.size,
        startedAt: started.toISOString(),
        finishedAt: finished.toISOString(),
        durationS: Math.round((finished.getTime() - started.getTime()) / 100) / 10,
        machine,
        loadAverageEnd: (machineInfo().loadAverage as number[]) ?? [],
        serverNodeFlags: [...productNodeFlags(), ...serverNodeFlags(opts)].join(' '),
        ...body,
      };
      mkdirSync(opts.outDir, { recursive: true });
      const file = path.join(opts.outDir, `${name}.json`);
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\nwrote ${file}`);
      return result;
    },
  };
}
