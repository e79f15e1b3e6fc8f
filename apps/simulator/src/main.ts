/**
 * CLI: `npm run simulate -- [--sites N] [--rate X] [--seed S] [--fleet-seed F]`
 *      `npm run simulate -- --scenario NAME --site UID`
 * The broker is MQTT_URL (default mqtt://127.0.0.1:1884, the server's embedded broker).
 */
import { parseArgs } from 'node:util';
import { buildDemoFleet, DEMO_FLEET_SEED } from '@towerwatch/fleet';
import { behaviourFromEnv, LOCK_JAM_ENV } from './behaviour-env.ts';
import { startControlServer } from './control.ts';
import { runScenario } from './run-scenario.ts';
import { DEFAULT_MQTT_URL, DEFAULT_RATE, DEFAULT_SIM_SEED, startSimulator } from './simulator.ts';
import { isScenarioName, SCENARIOS } from './site-model.ts';

const USAGE = `usage:
  npm run simulate -- [--sites N] [--rate X] [--seed S] [--fleet-seed F] [--shared]
  npm run simulate -- --scenario NAME --site UID
options:
  --sites N        simulate the first N demo sites (default: all 200)
  --rate X         time acceleration, simulated seconds per wall second (default ${DEFAULT_RATE})
  --seed S         behaviour seed (default ${DEFAULT_SIM_SEED})
  --fleet-seed F   demo fleet seed; must match the server's seed (default ${DEMO_FLEET_SEED})
  --shared         one MQTT connection for all devices (anonymous brokers, benchmarks)
  --scenario NAME  one of: ${SCENARIOS.join(', ')}
  --site UID       the site for --scenario, e.g. KTBL-SAT-0001
environment:
  MQTT_URL         broker (default ${DEFAULT_MQTT_URL})
  SIM_CONTROL_PORT test hooks on 127.0.0.1 (POST /swipe, GET /access-list, POST /scenario, POST /device/stop, POST /device/start; docs/device-protocol.md)
  ${LOCK_JAM_ENV} chance (0 … 1) that an unlock finds the lock jammed (default 0.03; the browser tests set 0)`;

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a non-negative number`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sites: { type: 'string' },
      rate: { type: 'string' },
      seed: { type: 'string' },
      'fleet-seed': { type: 'string' },
      shared: { type: 'boolean' },
      scenario: { type: 'string' },
      site: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const mqttUrl = process.env.MQTT_URL ?? DEFAULT_MQTT_URL;
  const fleet = buildDemoFleet({ seed: numberOption(values['fleet-seed'], 'fleet-seed') ?? DEMO_FLEET_SEED });
  const seed = numberOption(values.seed, 'seed') ?? DEFAULT_SIM_SEED;

  if (values.scenario !== undefined || values.site !== undefined) {
    if (!values.scenario || !isScenarioName(values.scenario))
      throw new Error(`--scenario must be one of ${SCENARIOS.join(', ')}`);
    if (!values.site) throw new Error('--scenario needs --site UID');
    const result = await runScenario({
      mqttUrl,
      fleet,
      seed,
      siteUid: values.site,
      scenario: values.scenario,
    });
    for (const message of result.messages) console.log(`${message.topic} ${JSON.stringify(message.payload)}`);
    console.log(`published ${result.messages.length} message(s) for ${values.site} (${result.comId})`);
    return;
  }

  const sites = numberOption(values.sites, 'sites');
  const rate = numberOption(values.rate, 'rate');
  const behaviour = behaviourFromEnv(process.env);
  const simulator = startSimulator({
    mqttUrl,
    fleet,
    seed,
    ...(sites !== undefined ? { sites } : {}),
    ...(rate !== undefined ? { rate } : {}),
    ...(values.shared ? { connection: { shared: {} } } : {}),
    ...(Object.keys(behaviour).length > 0 ? { behaviour } : {}),
    log: (line) => console.log(`[simulator] ${line}`),
  });
  const controlPort = numberOption(process.env.SIM_CONTROL_PORT, 'SIM_CONTROL_PORT');
  if (controlPort) {
    startControlServer(simulator, controlPort);
    console.log(`[simulator] test hooks on http://127.0.0.1:${controlPort}`);
  }
  const report = setInterval(() => console.log(`[simulator] ${JSON.stringify(simulator.stats())}`), 30_000);
  const shutdown = async () => {
    clearInterval(report);
    await simulator.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`[simulator] ${(error as Error).message}`);
  console.error(USAGE);
  process.exit(1);
});
