/**
 * Bulk onboarding benchmark (issue 17): builds an .xlsx of N generated sites (each with a new
 * controller and the reference pin layout) and imports it into a running server as `admin`, timing the
 * check and the write. Prints one JSON line; writes no results file.
 *
 *   npx tsx bench/src/bulk-import.ts --base http://127.0.0.1:3000 --sites 5000
 */
import { randomBytes } from 'node:crypto';
import { adminEndpoints, authEndpoints } from '@towerwatch/contract';
import ExcelJS from 'exceljs';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const base = arg('base', 'http://127.0.0.1:3000');
const count = Number(arg('sites', '5000'));
const PINS =
  'am1:main_phase_a:each; am2:main_phase_b:each; am3:main_phase_c:each; am4:battery_terminal:each; ' +
  'am6:temperature; am7:humidity; di1:door; di2:lock; di3:dg_status:robi; di4:pg_status:robi';

async function workbook(run: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sites');
  sheet.addRow([
    'customer',
    'name',
    'generic_site_id',
    'tenants',
    'division',
    'district',
    'lat',
    'lng',
    'com_id',
    'pins',
  ]);
  for (let i = 0; i < count; i++) {
    sheet.addRow([
      'ktbl',
      `Bench ${run} ${i}`,
      `B${run}-${i}`,
      'robi, banglalink',
      'Dhaka',
      'Dhaka',
      (22 + (i % 300) / 100).toFixed(4),
      (89 + (i % 250) / 100).toFixed(4),
      `B${run}${i}`,
      PINS,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function main(): Promise<void> {
  const run = randomBytes(3).toString('hex').toUpperCase();
  const login = await fetch(`${base}${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'towerwatch' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const file = await workbook(run);
  const post = async (dryRun: boolean) => {
    const started = performance.now();
    const res = await fetch(`${base}${adminEndpoints.siteImport.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ format: 'xlsx', content_base64: file.toString('base64'), dry_run: dryRun }),
    });
    const reply = (await res.json()) as {
      applied?: boolean;
      sites?: number;
      pins?: number;
      errors?: unknown[];
    };
    return { status: res.status, ms: Math.round(performance.now() - started), reply };
  };
  const check = await post(true);
  const apply = await post(false);
  console.log(
    JSON.stringify({
      sites: count,
      file_bytes: file.length,
      check_ms: check.ms,
      import_ms: apply.ms,
      status: apply.status,
      applied: apply.reply.applied,
      pins: apply.reply.pins,
      errors: apply.reply.errors?.length ?? null,
    }),
  );
  if (!apply.reply.applied) process.exit(1);
}

void main();
