import type { SiteAlarm, SiteDetailsReply, SiteEvent, SitePinConfig } from '@towerwatch/contract';
import {
  alarmValueDisplay,
  type ColourKind,
  DC_LOAD_LABELS,
  eventDisplayName,
  formatDuration,
  isPausedAlarm,
  type ValueColour,
  valueColour,
} from '@towerwatch/domain';

/** Mantine colour of a domain value colour (docs/requirements.md#colour-thresholds). */
export const MANTINE_COLOUR: Readonly<Record<ValueColour, string>> = {
  red: 'red',
  blue: 'blue',
  yellow: 'yellow',
  sky: 'cyan',
  green: 'teal',
  gray: 'gray',
};

/** One measured value of the power chain. */
export interface ChainValue {
  label: string;
  value: number | null;
  unit: string;
  colour: ValueColour;
}

/** One on/off or open/close state of the power chain. */
export interface ChainState {
  label: string;
  /** The display word (ON/OFF, OPEN/CLOSE), or '-' when unknown. */
  text: string;
  active: boolean | null;
}

/** The power chain of a site for the focused tenant (docs/requirements.md#site-pages site overview). */
export interface PowerChain {
  mains: ChainValue[];
  generators: ChainState[];
  rectifier: { types: string[]; failed: boolean | null };
  dcLoad: { tenant: string; label: string; value: string }[];
  battery: { voltage: ChainValue; current: ChainValue; backupMinutes: number | null };
  climate: { temperature: ChainValue; humidity: ChainValue };
  access: ChainState[];
}

/** Live values not carried by the pin configs. */
export interface LiveExtras {
  backupMinutes: number | null;
  temperature?: number | null;
  humidity?: number | null;
}

const forTenant = (pin: SitePinConfig, tenant: string | null) =>
  !pin.tenant || !tenant || pin.tenant === tenant;

function measure(label: string, kind: ColourKind, value: number | null, unit: string): ChainValue {
  return { label, value, unit, colour: valueColour(kind, value) };
}

function state(label: string, alarmId: string, status: number | null | undefined): ChainState {
  const known = status === 0 || status === 1;
  return {
    label,
    text: alarmValueDisplay(alarmId, known ? status : null),
    active: known ? status === 1 : null,
  };
}

/**
 * Builds the power chain from the site details (pin values by pin type) and the alarms; pins with a
 * tenant count only for the focused tenant.
 */
export function powerChain(
  details: SiteDetailsReply,
  alarms: readonly SiteAlarm[],
  tenant: string | null,
  extras: LiveExtras,
): PowerChain {
  const pins = details.pinConfigs.filter((pin) => forTenant(pin, tenant));
  const pin = (type: string) => pins.find((p) => p.type === type);
  const mains = (['a', 'b', 'c'] as const).flatMap((phase) => {
    const p = pin(`main_phase_${phase}`);
    return p ? [measure(`Phase ${phase.toUpperCase()}`, 'ac_voltage', p.status, 'V')] : [];
  });
  // The alarm is the interpreted state (pin polarity differs per sensor); the pin is the fallback.
  const alarmState = (label: string, alarmId: string): ChainState | null => {
    const alarm = alarms.find(
      (a) => a.id === alarmId && a.isAvailable && (!a.tenant || !tenant || a.tenant === tenant),
    );
    return alarm ? state(label, alarmId, alarm.isNormal ? 0 : 1) : null;
  };
  const generators: ChainState[] = [];
  const dg = pin('dg_status');
  const dgState = alarmState('DG', 'dg_on') ?? (dg ? state('DG', 'dg_on', dg.status) : null);
  if (dgState) generators.push(dgState);
  const pg = pin('pg_status');
  const pgState = alarmState('PG', 'pg_on') ?? (pg ? state('PG', 'pg_on', pg.status) : null);
  if (pgState) generators.push(pgState);
  const rectFail = alarms.find((a) => a.id === 'rectifier_fail' && a.isAvailable);
  const current = pin('battery_current_critical') ?? pin('battery_current_non_critical');
  const temperaturePin = pin('temperature');
  const humidityPin = pin('humidity');
  const access = [alarmState('Door', 'door_status'), alarmState('Lock', 'lock_status')].filter(
    (item): item is ChainState => item !== null,
  );
  return {
    mains,
    generators,
    rectifier: {
      types: [details.siteInfo.rectifier.rectifier_type, details.siteInfo.rectifier.rectifier_type_2].filter(
        (t): t is string => t !== null,
      ),
      failed: rectFail ? !rectFail.isNormal : null,
    },
    dcLoad: details.siteInfo.dc_load.map((entry) => ({
      tenant: entry.tenant,
      value: entry.value,
      label: DC_LOAD_LABELS[entry.value],
    })),
    battery: {
      voltage: measure('Voltage', 'dc_voltage', pin('battery_terminal')?.status ?? null, 'V'),
      current: measure('Current', 'current', current?.status ?? null, 'A'),
      backupMinutes: extras.backupMinutes,
    },
    climate: {
      temperature: measure(
        'Temperature',
        'temperature',
        extras.temperature !== undefined ? extras.temperature : (temperaturePin?.status ?? null),
        '°C',
      ),
      humidity: measure(
        'Humidity',
        'percentage',
        extras.humidity !== undefined ? extras.humidity : (humidityPin?.status ?? null),
        '%',
      ),
    },
    access,
  };
}

/** The pin configs after a live pin reading (matched by com_id and pin name). */
export function applyPinValue(
  pins: readonly SitePinConfig[],
  comId: string,
  pinName: string,
  value: number,
  time: string,
): SitePinConfig[] {
  return pins.map((p) =>
    p.com_id === comId && p.pin_name === pinName ? { ...p, status: value, updated_at: time } : p,
  );
}

/** One alarm as the alarm lists show it. */
export interface AlarmRow {
  key: string;
  id: string;
  name: string;
  tenant: string | null;
  group: string;
  /** YES/NO-style value: the first word while the alarm is active. */
  display: string;
  state: 'raised' | 'normal' | 'paused' | 'unavailable';
  lastEvent: string | null;
}

/** Alarm rows, raised first, with the company's names (docs/requirements.md#alarm-entity, docs/requirements.md#constants). */
export function alarmRows(alarms: readonly SiteAlarm[], companyCode: string | null): AlarmRow[] {
  const order = { raised: 0, paused: 1, normal: 2, unavailable: 3 } as const;
  return alarms
    .map((alarm): AlarmRow => {
      const rowState = isPausedAlarm(alarm)
        ? 'paused'
        : !alarm.isAvailable
          ? 'unavailable'
          : alarm.isNormal
            ? 'normal'
            : 'raised';
      return {
        key: `${alarm.id}:${alarm.tenant ?? ''}`,
        id: alarm.id,
        name: eventDisplayName(alarm.id, companyCode),
        tenant: alarm.tenant,
        group: alarm.group,
        display: alarmValueDisplay(alarm.id, alarm.isNormal ? 0 : 1),
        state: rowState,
        lastEvent: alarm.lastEvent,
      };
    })
    .sort((a, b) => order[a.state] - order[b.state] || a.name.localeCompare(b.name));
}

/** Minutes (rounded) in the spec's duration format ('2hr 5m', domain formatDuration); '—' when unknown. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return '—';
  return formatDuration(Math.round(minutes) * 60);
}

/** Who acknowledged an event, for showing: the person's name; the uid only when no name came with it. */
export function acknowledgedByLabel(
  event: Pick<SiteEvent, 'acknowledgedBy' | 'acknowledgedByName'>,
): string | null {
  if (!event.acknowledgedBy) return null;
  return event.acknowledgedByName || event.acknowledgedBy;
}
