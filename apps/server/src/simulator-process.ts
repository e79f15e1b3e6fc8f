/**
 * Runs the fleet simulator beside the server for the demo (`npm start`, SIMULATOR=on).
 * The simulator is an app of its own, so it is started as a child process by path, never
 * imported (nothing imports from an app). It publishes to the same broker ingest reads.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Config } from './config.ts';

const SIMULATOR_DIR = fileURLToPath(new URL('../../simulator/', import.meta.url));

/** The broker the simulator publishes to: the external one, or the embedded one on loopback. */
export function simulatorBrokerUrl(config: Pick<Config, 'mqttUrl' | 'mqttPort'>): string {
  return config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`;
}

/** Starts the simulator child process; the returned function stops it. */
export function startSimulatorProcess(config: Config, log: Logger): () => Promise<void> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SIMULATOR_DIR,
    env: { ...process.env, MQTT_URL: simulatorBrokerUrl(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (stream: NodeJS.ReadableStream | null, level: 'info' | 'warn') => {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) log[level]({ simulator: true }, line.trim());
    });
  };
  forward(child.stdout, 'info');
  forward(child.stderr, 'warn');
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) log.warn({ code }, 'simulator exited');
  });
  log.info({ broker: simulatorBrokerUrl(config) }, 'simulator started');
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}
