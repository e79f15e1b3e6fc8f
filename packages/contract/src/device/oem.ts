/**
 * `tw/v1/dev/{com_id}/oem`: records the RMS controller reads from the rectifier controller and the
 * battery management system over their vendor bus and forwards as-is (docs/requirements.md#oem-calls OEM calls:
 * rectifier-info, -alarm, -measurement, -setting, bms-alarm, bms-measurement). Discriminated by `kind`.
 */
import { RECTIFIER_TYPES } from '@towerwatch/domain';
import { z } from 'zod';
import { deviceTs, msgId } from './common.ts';

/** Rectifier vendors (docs/requirements.md#rectifier-types, domain RECTIFIER_TYPES). */
export const rectifierType = z.enum(RECTIFIER_TYPES);

const base = { msg_id: msgId, ts: deviceTs };
const volts = z.number().finite().min(0).max(1000);
const amps = z.number().finite().min(-5000).max(5000);
const celsius = z.number().finite().min(-40).max(150);
const percent = z.number().finite().min(0).max(100);

/** One alarm of the rectifier or BMS as the OEM reports it. */
export const oemAlarm = z.object({
  /** Vendor alarm code, e.g. `AC_FAIL`, `MODULE_FAIL`, `CELL_OV`. */
  code: z.string().min(1).max(64),
  /** Human-readable name from the vendor, e.g. `AC Input Fail`. */
  name: z.string().min(1).max(120),
  active: z.boolean(),
  severity: z.enum(['critical', 'major', 'minor', 'warning']).optional(),
});
export type OemAlarm = z.infer<typeof oemAlarm>;

/** One rectifier module. */
export const rectifierModule = z.object({
  address: z.number().int().min(1).max(64),
  output_current: amps,
  temperature: celsius.optional(),
  status: z.enum(['ok', 'fail', 'off', 'comm_fail']),
});

export const rectifierInfoRecord = z.object({
  ...base,
  kind: z.literal('rectifier_info'),
  rectifier_type: rectifierType,
  model: z.string().min(1).max(64),
  serial: z.string().min(1).max(64),
  firmware: z.string().min(1).max(32),
  modules_installed: z.number().int().min(0).max(64),
});

export const rectifierMeasurementRecord = z.object({
  ...base,
  kind: z.literal('rectifier_measurement'),
  rectifier_type: rectifierType,
  /** DC bus output voltage (V). */
  output_voltage: volts,
  /** Total DC load current (A). */
  load_current: amps,
  /** Battery current (A): positive charging, negative discharging. */
  battery_current: amps.optional(),
  /** AC input voltage (V), 0 when mains is absent. */
  ac_input_voltage: volts.optional(),
  /** AC input frequency (Hz). */
  ac_frequency: z.number().finite().min(0).max(100).optional(),
  modules: z.array(rectifierModule).max(64),
  /**
   * The rectifier controller's own clock as its registers hold it (docs/requirements.md#rectifier-clock):
   * a year below 100 means 2000 + year; Asia/Dhaka local time.
   */
  clock: z
    .object({
      year: z.number().int().min(0).max(2100),
      month: z.number().int().min(0).max(99),
      date: z.number().int().min(0).max(99),
      hour: z.number().int().min(0).max(99),
      minute: z.number().int().min(0).max(99),
      seconds: z.number().int().min(0).max(99),
    })
    .optional(),
  /** The controller's status register (16 bits; shown in binary, docs/requirements.md#binary-display). */
  status_bits: z.number().int().min(0).max(65_535).optional(),
});

export const rectifierSettingRecord = z.object({
  ...base,
  kind: z.literal('rectifier_setting'),
  rectifier_type: rectifierType,
  float_voltage: volts,
  boost_voltage: volts,
  low_voltage_alarm: volts,
  llvd_voltage: volts,
  blvd_voltage: volts,
  battery_current_limit: amps,
});

export const rectifierAlarmRecord = z.object({
  ...base,
  kind: z.literal('rectifier_alarm'),
  rectifier_type: rectifierType,
  alarms: z.array(oemAlarm).max(128),
});

export const bmsMeasurementRecord = z.object({
  ...base,
  kind: z.literal('bms_measurement'),
  /** Battery address on the BMS bus (the OEM screen's "battery address", default 1). */
  address: z.number().int().min(1).max(32),
  /** State of charge (%). */
  soc: percent,
  /** State of health (%). */
  soh: percent,
  voltage: volts,
  /** Positive charging, negative discharging (A). */
  current: amps,
  temperature: celsius.optional(),
  /** Cell voltages (V), in cell order. */
  cell_voltages: z.array(z.number().finite().min(0).max(10)).max(64),
  cycle_count: z.number().int().min(0).optional(),
});

export const bmsAlarmRecord = z.object({
  ...base,
  kind: z.literal('bms_alarm'),
  address: z.number().int().min(1).max(32),
  alarms: z.array(oemAlarm).max(128),
});

/** Any OEM record. */
export const oemMessage = z.discriminatedUnion('kind', [
  rectifierInfoRecord,
  rectifierMeasurementRecord,
  rectifierSettingRecord,
  rectifierAlarmRecord,
  bmsMeasurementRecord,
  bmsAlarmRecord,
]);
export type OemMessage = z.infer<typeof oemMessage>;
export type OemRecordKind = OemMessage['kind'];
export type RectifierMeasurementRecord = z.infer<typeof rectifierMeasurementRecord>;
export type BmsMeasurementRecord = z.infer<typeof bmsMeasurementRecord>;
