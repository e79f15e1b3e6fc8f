/**
 * The simulator's test hooks over HTTP (docs/device-protocol.md "Simulator test hooks"): part of the
 * simulator, never of the product server. Started only when SIM_CONTROL_PORT is set, on 127.0.0.1.
 *
 * - `POST /swipe` `{ "siteUid": "KTBL-SAT-0001", "cardNumber": "A1001" }` → `200 { granted, reason? }`
 *   (the site's controller decides with the list it holds and publishes the access message), 404
 *   for an unknown site, a site without ACS or an offline device.
 * - `GET /access-list?siteUid=…` → `200 { version, cards }`: the list the controller holds.
 * - `POST /scenario` `{ "siteUid": "KTBL-SAT-0001", "scenario": "fuel-theft" }` → `200 { ok: true }`: the
 *   scenario applied to the RUNNING site model (it persists: a theft stays a theft), 400 for an unknown
 *   scenario, 404 for an unknown site (power data, issue 14).
 * - `POST /device/stop` `{ "siteUid": … }` → `200 {}`: the site's device loses power (its connection
 *   drops without DISCONNECT, the broker publishes its last will) and stays silent;
 *   `POST /device/start` powers it on again. 404 for an unknown site.
 */
import { createServer, type Server } from 'node:http';
import type { SimulatorHandle } from './simulator.ts';
import { isScenarioName } from './site-model.ts';

export function startControlServer(sim: SimulatorHandle, port: number): Server {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/access-list') {
      const list = sim.accessList(url.searchParams.get('siteUid') ?? '');
      return list ? reply(200, list) : reply(404, { message: 'unknown site' });
    }
    if (req.method === 'POST' && url.pathname === '/scenario') {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        raw = (raw + chunk).slice(0, 10_000);
      });
      req.on('end', () => {
        try {
          const body = JSON.parse(raw) as { siteUid?: unknown; scenario?: unknown };
          if (
            typeof body.siteUid !== 'string' ||
            typeof body.scenario !== 'string' ||
            !isScenarioName(body.scenario)
          )
            return reply(400, { message: 'siteUid and a known scenario are required' });
          sim.triggerScenario(body.siteUid, body.scenario);
          return reply(200, { ok: true });
        } catch (err) {
          return reply(err instanceof SyntaxError ? 400 : 404, { message: (err as Error).message });
        }
      });
      return;
    }
    if (req.method === 'POST' && (url.pathname === '/device/stop' || url.pathname === '/device/start')) {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        raw = (raw + chunk).slice(0, 10_000);
      });
      req.on('end', () => {
        try {
          const body = JSON.parse(raw) as { siteUid?: unknown };
          if (typeof body.siteUid !== 'string') return reply(400, { message: 'siteUid is required' });
          if (url.pathname === '/device/stop') sim.stopDevice(body.siteUid);
          else sim.startDevice(body.siteUid);
          return reply(200, {});
        } catch (error) {
          return reply(error instanceof SyntaxError ? 400 : 404, { message: (error as Error).message });
        }
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/swipe') {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        raw = (raw + chunk).slice(0, 10_000);
      });
      req.on('end', () => {
        try {
          const body = JSON.parse(raw) as { siteUid?: unknown; cardNumber?: unknown };
          if (typeof body.siteUid !== 'string' || typeof body.cardNumber !== 'string')
            return reply(400, { message: 'siteUid and cardNumber are required' });
          const result = sim.swipe(body.siteUid, body.cardNumber);
          return result ? reply(200, result) : reply(404, { message: 'no such site reader online' });
        } catch {
          return reply(400, { message: 'invalid JSON' });
        }
      });
      return;
    }
    reply(404, { message: 'not found' });
  });
  server.listen(port, '127.0.0.1');
  return server;
}
