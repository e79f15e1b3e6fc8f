import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('config', () => {
  it('has the documented defaults and keeps a generated token secret', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-config-'));
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      mqttPort: 1884,
      simulator: true,
      roles: ['api', 'live', 'ingest', 'jobs'],
      deviceOfflineMinutes: 15,
      deviceMaxMsgPerS: undefined,
      databaseUrl: undefined,
    });
    expect(readFileSync(path.join(dir, 'token-secret'), 'utf8').trim()).toBe(c.tokenSecret);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(c.tokenSecret);
  });

  it('keeps data in data/ at the repository root unless DATA_DIR says otherwise', () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig(secret).dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '..', '..', '..'));
    expect(loadConfig({ ...secret, DATA_DIR: 'elsewhere' }).dataDir).toBe(path.resolve('elsewhere'));
  });

  it('gives the ingest subscription a client id stable per host and DATA_DIR (a persistent session)', () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    const a = loadConfig({ ...secret, DATA_DIR: 'one' }).mqttSession;
    expect(a.clientId).toMatch(/^towerwatch-ingest-[0-9a-f]{12}$/);
    expect(a.expirySeconds).toBe(86_400);
    expect(loadConfig({ ...secret, DATA_DIR: 'one' }).mqttSession.clientId).toBe(a.clientId);
    expect(loadConfig({ ...secret, DATA_DIR: 'two' }).mqttSession.clientId).not.toBe(a.clientId);
    const set = loadConfig({ ...secret, MQTT_CLIENT_ID: 'ingest-a', MQTT_SESSION_EXPIRY_S: '60' });
    expect(set.mqttSession).toEqual({ clientId: 'ingest-a', expirySeconds: 60 });
    expect(() => loadConfig({ ...secret, MQTT_CLIENT_ID: 'has space' })).toThrow(/MQTT_CLIENT_ID/);
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', ROLES: 'api,web', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'x' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', ROLES: 'api,web', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short' });
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['PORT', 'ROLES', 'DATABASE_URL', 'TOKEN_SECRET']) expect(msg).toContain(name);
      expect(msg).toContain("unknown role 'web'");
    }
  });

  it('parses roles and switches', () => {
    const c = loadConfig({ ROLES: 'api, live', SIMULATOR: 'off', TOKEN_SECRET: 's'.repeat(32) });
    expect(c.roles).toEqual(['api', 'live']);
    expect(c.simulator).toBe(false);
  });

  it('takes server settings for the embedded PostgreSQL as name=value pairs', () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig(secret).embeddedPgSettings).toEqual([]);
    expect(
      loadConfig({ ...secret, EMBEDDED_PG_SETTINGS: ' shared_buffers=6GB  random_page_cost=1.1 ' })
        .embeddedPgSettings,
    ).toEqual(['shared_buffers=6GB', 'random_page_cost=1.1']);
    for (const bad of ['shared_buffers', 'x=1; drop', 'a=b=c', 'work_mem=1MB,jit=off'])
      expect(() => loadConfig({ ...secret, EMBEDDED_PG_SETTINGS: bad })).toThrow(/EMBEDDED_PG_SETTINGS/);
  });

  it("takes the fleet reports' batch and reads at once, refusing values out of range by name", () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig(secret)).toMatchObject({ reportSiteBatch: 10_000, reportReadsAtOnce: 2 });
    expect(loadConfig({ ...secret, REPORT_READS_AT_ONCE: '4' }).reportReadsAtOnce).toBe(4);
    for (const bad of ['0', '17', 'two', '1.5'])
      expect(() => loadConfig({ ...secret, REPORT_READS_AT_ONCE: bad })).toThrow(/REPORT_READS_AT_ONCE/);
    expect(() => loadConfig({ ...secret, REPORT_SITE_BATCH: '10' })).toThrow(/REPORT_SITE_BATCH/);
  });

  it('takes a device message rate, positive only', () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig({ ...secret, DEVICE_MAX_MSG_PER_S: '250' }).deviceMaxMsgPerS).toBe(250);
    expect(() => loadConfig({ ...secret, DEVICE_MAX_MSG_PER_S: '0' })).toThrow(/DEVICE_MAX_MSG_PER_S/);
  });

  it('selects NATS with NATS_URL (servers, partitions, replicas), never together with MQTT_URL', () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig(secret).nats).toBeUndefined();
    expect(loadConfig({ ...secret, NATS_URL: 'nats://a:4222,nats://b:4222' }).nats).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222'],
      partitions: 256,
      replicas: 1,
      ackWaitS: 60,
    });
    expect(
      loadConfig({ ...secret, NATS_URL: 'nats://a:4222', NATS_PARTITIONS: '12', NATS_REPLICAS: '3' }).nats,
    ).toMatchObject({ partitions: 12, replicas: 3 });
    expect(loadConfig({ ...secret, NATS_URL: 'nats://a:4222' }).simulator).toBe(false);
    expect(() => loadConfig({ ...secret, NATS_URL: 'http://a' })).toThrow(/NATS_URL/);
    expect(() => loadConfig({ ...secret, NATS_URL: 'nats://a', NATS_PARTITIONS: '0' })).toThrow(
      /NATS_PARTITIONS/,
    );
    expect(() => loadConfig({ ...secret, NATS_URL: 'nats://a', MQTT_URL: 'mqtt://b' })).toThrow(
      /NATS_URL or MQTT_URL/,
    );
  });
});
