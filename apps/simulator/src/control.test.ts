/** The simulator's test hooks: POST /scenario applies a scenario to the running site model. */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startControlServer } from './control.ts';
import type { SimulatorHandle } from './simulator.ts';

const calls: [string, string][] = [];
const sim = {
  triggerScenario(siteUid: string, scenario: string) {
    if (siteUid !== 'KTBL-SAT-0001') throw new Error(`unknown site ${siteUid}`);
    calls.push([siteUid, scenario]);
  },
} as unknown as SimulatorHandle;
const server = startControlServer(sim, 0);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(body: unknown) {
  if (!server.listening) await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return fetch(`http://127.0.0.1:${port}/scenario`, { method: 'POST', body: JSON.stringify(body) });
}

describe('POST /scenario', () => {
  it('applies a known scenario to the running model; refuses unknown scenarios (400) and sites (404)', async () => {
    expect((await post({ siteUid: 'KTBL-SAT-0001', scenario: 'fuel-theft' })).status).toBe(200);
    expect(calls).toEqual([['KTBL-SAT-0001', 'fuel-theft']]);
    expect((await post({ siteUid: 'KTBL-SAT-0001', scenario: 'steal-everything' })).status).toBe(400);
    expect((await post({ siteUid: 'NOPE', scenario: 'mains-fail' })).status).toBe(404);
    expect(calls).toHaveLength(1);
  });
});
