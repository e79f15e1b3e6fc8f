import { describe, expect, it } from 'vitest';
import { decodeDevicePayload } from './decode.ts';
import {
  accessMessage,
  commandAckMessage,
  commandMessage,
  eventMessage,
  pinsMessage,
  statusMessage,
} from './messages.ts';
import { oemMessage } from './oem.ts';
import { pinConfig, pinService, pinTypeRequiresTenant, TENANT_REQUIRED_PIN_TYPES } from './pins.ts';

const ts = Date.UTC(2025, 5, 1, 6, 30);

describe('pins message', () => {
  const valid = {
    msg_id: 'RMS100001-000042',
    ts,
    readings: [
      { pin: 'am1', value: 231.4 },
      { pin: 'am6', value: 53.5 },
      { pin: 'di1', value: 1 },
    ],
  };

  it('accepts a batch of readings', () => {
    expect(pinsMessage.parse(valid)).toEqual(valid);
  });

  it.each([
    ['missing msg_id', { ...valid, msg_id: undefined }, 'msg_id'],
    ['msg_id with a slash', { ...valid, msg_id: 'a/b' }, 'msg_id'],
    ['ISO time instead of epoch ms', { ...valid, ts: '2025-06-01T06:30:00Z' }, 'ts'],
    ['epoch seconds', { ...valid, ts: Math.floor(ts / 1000) }, 'ts'],
    ['fractional ts', { ...valid, ts: ts + 0.5 }, 'ts'],
    ['no readings', { ...valid, readings: [] }, 'readings'],
    ['value as string', { ...valid, readings: [{ pin: 'am1', value: '231' }] }, 'readings.0.value'],
    ['bad pin name', { ...valid, readings: [{ pin: 'AM-1', value: 1 }] }, 'readings.0.pin'],
    [
      'too many readings',
      { ...valid, readings: Array.from({ length: 257 }, (_, i) => ({ pin: `am${i}`, value: i })) },
      'readings',
    ],
  ])('rejects %s', (_name, payload, path) => {
    const result = pinsMessage.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});

describe('event, access and status messages', () => {
  it('accepts device events with optional pin and value', () => {
    expect(eventMessage.parse({ msg_id: 'e1', ts, event: 'door_open', pin: 'di1', value: 0 }).event).toBe(
      'door_open',
    );
    expect(eventMessage.parse({ msg_id: 'e2', ts, event: 'security_breach' }).value).toBeUndefined();
  });

  it('rejects unknown event names', () => {
    expect(eventMessage.safeParse({ msg_id: 'e1', ts, event: 'door_exploded' }).success).toBe(false);
  });

  it('accepts card swipes and rejects bad card numbers', () => {
    expect(accessMessage.parse({ msg_id: 'a1', ts, card_number: '0012345678', granted: true }).granted).toBe(
      true,
    );
    expect(
      accessMessage.parse({ msg_id: 'a2', ts, card_number: 'A1B2', granted: false, reason: 'unknown_card' })
        .reason,
    ).toBe('unknown_card');
    expect(accessMessage.safeParse({ msg_id: 'a3', ts, card_number: '12 34', granted: true }).success).toBe(
      false,
    );
    expect(accessMessage.safeParse({ msg_id: 'a4', ts, card_number: '1234', granted: 'yes' }).success).toBe(
      false,
    );
  });

  it('accepts the last-will status without ts', () => {
    expect(statusMessage.parse({ online: false })).toEqual({ online: false });
    expect(statusMessage.parse({ online: true, ts, fw: '2.4.1' }).fw).toBe('2.4.1');
    expect(statusMessage.safeParse({ online: 'false' }).success).toBe(false);
    expect(statusMessage.parse({ online: true, access_list_version: 0 }).access_list_version).toBe(0);
    expect(statusMessage.safeParse({ online: true, access_list_version: -1 }).success).toBe(false);
    expect(statusMessage.safeParse({ online: true, access_list_version: 1.5 }).success).toBe(false);
  });
});

describe('commands and acks', () => {
  it('applies the unlock default duration', () => {
    const cmd = commandMessage.parse({ cmd_id: 'c1', ts, command: 'unlock', params: {} });
    expect(cmd).toEqual({ cmd_id: 'c1', ts, command: 'unlock', params: { duration_s: 10 } });
  });

  it('validates digital_control params', () => {
    expect(
      commandMessage.safeParse({
        cmd_id: 'c2',
        ts,
        command: 'digital_control',
        params: { pin: 'do2', value: 1 },
      }).success,
    ).toBe(true);
    expect(
      commandMessage.safeParse({
        cmd_id: 'c3',
        ts,
        command: 'digital_control',
        params: { pin: 'do9', value: 1 },
      }).success,
    ).toBe(false);
    expect(
      commandMessage.safeParse({
        cmd_id: 'c4',
        ts,
        command: 'digital_control',
        params: { pin: 'do1', value: 2 },
      }).success,
    ).toBe(false);
  });

  it('rejects unknown commands', () => {
    expect(commandMessage.safeParse({ cmd_id: 'c5', ts, command: 'reboot', params: {} }).success).toBe(false);
  });

  it('requires an error on a failed ack', () => {
    expect(commandAckMessage.safeParse({ cmd_id: 'c1', ok: true }).success).toBe(true);
    expect(commandAckMessage.safeParse({ cmd_id: 'c1', ok: false, error: 'lock_jammed' }).success).toBe(true);
    const failed = commandAckMessage.safeParse({ cmd_id: 'c1', ok: false });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.path).toEqual(['error']);
  });
});

describe('oem records', () => {
  it('accepts rectifier measurement and BMS records', () => {
    const rect = oemMessage.parse({
      msg_id: 'o1',
      ts,
      kind: 'rectifier_measurement',
      rectifier_type: 'eltek',
      output_voltage: 53.5,
      load_current: 42.1,
      battery_current: 3.2,
      ac_input_voltage: 229,
      modules: [{ address: 1, output_current: 21, status: 'ok' }],
    });
    expect(rect.kind).toBe('rectifier_measurement');
    const bms = oemMessage.parse({
      msg_id: 'o2',
      ts,
      kind: 'bms_measurement',
      address: 1,
      soc: 88,
      soh: 93,
      voltage: 52.8,
      current: -12,
      cell_voltages: Array.from({ length: 16 }, () => 3.3),
    });
    expect(bms.kind).toBe('bms_measurement');
  });

  it('rejects unknown kinds and out-of-range values', () => {
    expect(oemMessage.safeParse({ msg_id: 'o3', ts, kind: 'inverter', x: 1 }).success).toBe(false);
    const result = oemMessage.safeParse({
      msg_id: 'o4',
      ts,
      kind: 'bms_measurement',
      address: 1,
      soc: 120,
      soh: 90,
      voltage: 52,
      current: 0,
      cell_voltages: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['soc']);
  });
});

describe('decodeDevicePayload', () => {
  it('decodes a valid buffer', () => {
    const result = decodeDevicePayload(
      'pins',
      Buffer.from(JSON.stringify({ msg_id: 'm1', ts, readings: [{ pin: 'am6', value: 52 }] })),
    );
    expect(result).toEqual({
      ok: true,
      message: { msg_id: 'm1', ts, readings: [{ pin: 'am6', value: 52 }] },
    });
  });

  it('names the reason and the field when it refuses', () => {
    expect(decodeDevicePayload('pins', '{not json')).toMatchObject({ ok: false, reason: 'invalid_json' });
    expect(decodeDevicePayload('pins', JSON.stringify({ msg_id: 'm1', ts, readings: 'x' }))).toMatchObject({
      ok: false,
      reason: 'invalid_payload',
      error: expect.stringMatching(/^readings:/),
    });
    expect(decodeDevicePayload('status', 'x'.repeat(70_000))).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });
});

describe('pin config (docs/requirements.md#pin-config, docs/requirements.md#pin-tenant-required)', () => {
  const base = { com_id: 'RMS100001', pin_name: 'am6', label: 'DC Voltage', priority: null };

  it('requires a tenant on each docs/requirements.md#pin-tenant-required type', () => {
    for (const type of TENANT_REQUIRED_PIN_TYPES) {
      expect(pinTypeRequiresTenant(type)).toBe(true);
      const result = pinConfig.safeParse({ ...base, type, service: pinService(type), tenant: null });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['tenant']);
    }
    expect(pinTypeRequiresTenant('temperature')).toBe(false);
    expect(
      pinConfig.safeParse({ ...base, type: 'temperature', service: 'temperature', tenant: null }).success,
    ).toBe(true);
  });

  it('requires door or lock priority on access pins', () => {
    const access = {
      ...base,
      pin_name: 'di1',
      type: 'access_control',
      service: 'access_control',
      tenant: null,
    };
    expect(pinConfig.safeParse({ ...access, priority: 'door' }).success).toBe(true);
    expect(pinConfig.safeParse(access).success).toBe(false);
  });

  it('maps pin types to RMS services', () => {
    expect(pinService('main_phase_b')).toBe('main_phase');
    expect(pinService('battery_current_non_critical')).toBe('battery_current');
    expect(pinService('dg_fuel')).toBe('dg_fuel');
    expect(pinService('site_down')).toBeNull();
  });
});
