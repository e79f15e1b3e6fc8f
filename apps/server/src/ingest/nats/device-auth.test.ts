import { mappedDeviceSubject, partitionOf } from '@towerwatch/contract';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { hashDeviceSecret, hashPassword } from '../../auth/passwords.ts';
import type { Queryable } from '../../db/pool.ts';
import {
  devicePermissions,
  internalNatsCredentials,
  natsAuthConfig,
  systemNatsCredentials,
} from './device-auth.ts';

const SECRET = 'device-auth-test-secret-device-auth-test-secret';

/** A database answering the generator's one query with `rows`. */
function devicesTable(rows: Array<{ com_id: string; secret_hash: string | null }>): Queryable {
  return { query: async () => ({ rows }) } as unknown as Queryable;
}

describe('NATS device identity config', () => {
  it('gives a device only its own mapped subjects, its own will and its own cmd', () => {
    const p = devicePermissions('RMS7', 16);
    const partition = partitionOf('RMS7', 16);
    expect(p.publish).toEqual([
      `twdev.${partition}.RMS7.pins`,
      `twdev.${partition}.RMS7.events`,
      `twdev.${partition}.RMS7.access`,
      `twdev.${partition}.RMS7.oem`,
      `twdev.${partition}.RMS7.status`,
      `twdev.${partition}.RMS7.cmd.ack`,
      'tw.v1.dev.RMS7.status',
    ]);
    expect(p.publish).toContain(mappedDeviceSubject('RMS7', 'cmd/ack', 16));
    expect(p.subscribe).toEqual(['tw.v1.dev.RMS7.cmd', '$MQTT.sub.>']);
  });

  it('writes a user per device with a bcrypt secret, names the others, and bcrypt logins of the server', async () => {
    const rows = [
      { com_id: 'RMS1', secret_hash: await hashDeviceSecret('s1') },
      { com_id: 'RMS2', secret_hash: await hashPassword('s2') }, // scrypt: stored before bcrypt
      { com_id: 'RMS3', secret_hash: null },
    ];
    const { text, summary } = await natsAuthConfig(devicesTable(rows), SECRET, 8);
    expect(summary).toEqual({ devices: 1, skipped: ['RMS2', 'RMS3'] });
    expect(text).toContain(`{ user: "RMS1", password: "${rows[0]?.secret_hash}", permissions:`);
    expect(text).not.toMatch(/user: "RMS[23]"/);
    for (const login of [internalNatsCredentials(SECRET), systemNatsCredentials(SECRET)]) {
      const hash = new RegExp(`user: "\\${login.user}", password: "([^"]+)"`).exec(text)?.[1] ?? '';
      expect(await bcrypt.compare(login.pass, hash)).toBe(true);
    }
    expect(internalNatsCredentials(SECRET).pass).not.toBe(systemNatsCredentials(SECRET).pass);
    expect(text).toMatch(/^system_account: SYS$/m);
  });
});
