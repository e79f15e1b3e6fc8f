/**
 * Beyond the spec: the battery backup estimate learned from a site's own outages
 * (docs/requirements.md#backup-estimate), fuel theft and refill detection
 * (docs/requirements.md#fuel-theft) and the DG's expected fuel burn at its load.
 */

/** DC bus voltage read as a full bank at rest (V); the site's critical threshold reads as empty. */
export const BATTERY_FULL_VOLTS = 51;
/** Below this total DC load (A) no backup time is estimated (the bank is not discharging). */
export const BACKUP_MIN_DISCHARGE_AMPS = 0.5;
/** Outages the estimate learns from: the latest this many, of at least {@link BACKUP_MIN_OUTAGE_MINUTES}. */
export const BACKUP_LEARN_OUTAGES = 5;
/** Shorter outages say too little about the bank (surface charge) and are not learned from. */
export const BACKUP_MIN_OUTAGE_MINUTES = 20;
/** How far back outages are looked for (days). */
export const BACKUP_LEARN_DAYS = 60;
/** A learned capacity factor is kept within these bounds (a broken sensor must not give days of backup). */
export const BACKUP_FACTOR_LIMITS = { min: 0.2, max: 1.5 } as const;
/** Half-width of the band without learned outages, and the least half-width with them. */
export const BACKUP_BAND = { nominal: 0.4, learnedFloor: 0.1 } as const;

/** State of charge (0…1) read linearly from the DC bus voltage between empty (critical) and full. */
export function stateOfCharge(volts: number, emptyVolts: number): number {
  return Math.min(1, Math.max(0, (volts - emptyVolts) / (BATTERY_FULL_VOLTS - emptyVolts)));
}

/** One past outage of the site: what the bank delivered while the voltage fell from start to end. */
export interface LearnedOutage {
  startVolts: number;
  endVolts: number;
  /** Ampere-hours drawn (mean load current × hours on battery). */
  ampHours: number;
}

/** How sure the estimate is: none learned (low), one or two (medium), three or more agreeing (high). */
export type BackupConfidence = 'low' | 'medium' | 'high';

/** The backup time left, with its band. */
export interface BackupEstimate {
  /** Best estimate of minutes left at the present discharge current; null when not discharging or unknown. */
  minutes: number | null;
  low: number | null;
  high: number | null;
  confidence: BackupConfidence;
  /** `learned` when past outages corrected the capacity, else `nominal`. */
  method: 'nominal' | 'learned';
  /** Capacity factor applied (delivered ÷ nominal Ah over past outages; 1 when nominal). */
  capacityFactor: number;
  stateOfChargePct: number | null;
  remainingAh: number | null;
  learnedOutages: number;
}

/** The capacity factor one outage shows: Ah delivered ÷ Ah the nominal model predicts for its voltage fall. */
export function outageCapacityFactor(
  o: LearnedOutage,
  capacityAh: number,
  emptyVolts: number,
): number | null {
  const nominal =
    capacityAh * (stateOfCharge(o.startVolts, emptyVolts) - stateOfCharge(o.endVolts, emptyVolts));
  if (nominal <= capacityAh * 0.02 || o.ampHours <= 0) return null;
  return o.ampHours / nominal;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/**
 * Backup time left (docs/requirements.md#backup-estimate): remaining Ah = capacity × state of charge
 * × the site's learned capacity factor (median over its last outages, bounded); minutes = remaining ÷
 * discharge current. The band spans the learned factors (at least ±10 %), ±40 % without history.
 */
export function estimateBackup(input: {
  capacityAh: number | null;
  volts: number | null;
  dischargeAmps: number;
  emptyVolts: number;
  outages: readonly LearnedOutage[];
}): BackupEstimate {
  const { capacityAh, volts, dischargeAmps, emptyVolts } = input;
  const factors =
    capacityAh && capacityAh > 0
      ? input.outages
          .map((o) => outageCapacityFactor(o, capacityAh, emptyVolts))
          .filter((f): f is number => f !== null)
          .map((f) => Math.min(BACKUP_FACTOR_LIMITS.max, Math.max(BACKUP_FACTOR_LIMITS.min, f)))
      : [];
  const factor = factors.length > 0 ? median(factors) : 1;
  const soc = volts === null ? null : stateOfCharge(volts, emptyVolts);
  const remainingAh = capacityAh && soc !== null ? capacityAh * soc * factor : null;
  const confidence: BackupConfidence =
    factors.length === 0
      ? 'low'
      : factors.length >= 3 && Math.max(...factors) / Math.min(...factors) < 1.25
        ? 'high'
        : 'medium';
  const base = {
    confidence,
    method: factors.length > 0 ? ('learned' as const) : ('nominal' as const),
    capacityFactor: Math.round(factor * 1000) / 1000,
    stateOfChargePct: soc === null ? null : Math.round(soc * 1000) / 10,
    remainingAh: remainingAh === null ? null : Math.round(remainingAh * 10) / 10,
    learnedOutages: factors.length,
  };
  if (remainingAh === null || dischargeAmps < BACKUP_MIN_DISCHARGE_AMPS) {
    return { ...base, minutes: null, low: null, high: null };
  }
  const minutes = (remainingAh / dischargeAmps) * 60;
  const spreadLow = factors.length > 0 ? Math.min(...factors) / factor : 1 - BACKUP_BAND.nominal;
  const spreadHigh = factors.length > 0 ? Math.max(...factors) / factor : 1 + BACKUP_BAND.nominal;
  return {
    ...base,
    minutes: Math.round(minutes),
    low: Math.round(minutes * Math.min(spreadLow, 1 - BACKUP_BAND.learnedFloor)),
    high: Math.round(minutes * Math.max(spreadHigh, 1 + BACKUP_BAND.learnedFloor)),
  };
}

/** Tank size used when a site records none (litres; `more_details.fuel_tank_litres` overrides). */
export const DEFAULT_FUEL_TANK_LITRES = 200;
/** DG fuel burn: idle litres per hour plus litres per kWh delivered (a 10–20 kVA diesel set). */
export const DG_FUEL_BURN = { idleLitresPerHour: 0.9, litresPerKwh: 0.3 } as const;

/** Litres per hour a DG burns at `loadKw` of DC load (rectifier losses included in the per-kWh figure). */
export function dgBurnLitresPerHour(loadKw: number): number {
  return DG_FUEL_BURN.idleLitresPerHour + DG_FUEL_BURN.litresPerKwh * Math.max(0, loadKw);
}

/**
 * Fuel theft and refill detection thresholds (docs/requirements.md#fuel-theft). The sensor's noise is
 * about ±1.5 % of the tank; the level compared is the median of the readings of the last
 * {@link FUEL_DETECTION.smoothMinutes}, against a reference level held until an event or until it is
 * older than `referenceMinutes`.
 */
export const FUEL_DETECTION = {
  /** Median window of the smoothed level (minutes) and the least readings it needs. */
  smoothMinutes: 10,
  minReadings: 3,
  /** An unexplained drop of at least this share of the tank (%) is suspected theft. */
  theftDropPct: 5,
  /** The DG's expected burn is multiplied by this before it explains a drop (load estimate errors). */
  burnTolerance: 1.5,
  /** A rise of at least this share of the tank (%) is a refill. */
  refillRisePct: 8,
  /** The reference level moves to the present level when older than this (minutes). */
  referenceMinutes: 180,
} as const;

/**
 * Median of fuel readings (the noise filter of the detection). With an even count it takes the upper
 * middle reading, never the mean of two: a level step then moves the median in one jump, not through a
 * half-way value that would split one theft into two events.
 */
export function smoothedFuelLevel(readings: readonly number[]): number | null {
  if (readings.length < FUEL_DETECTION.minReadings) return null;
  const sorted = [...readings].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/** What a new smoothed fuel level means against the reference level. */
export type FuelChange =
  | { kind: 'theft'; litres: number; dropPct: number }
  | { kind: 'refill'; litres: number; risePct: number }
  | null;

/**
 * Compares the smoothed level with the reference (docs/requirements.md#fuel-theft): a rise of
 * {@link FUEL_DETECTION.refillRisePct} is a refill; a drop larger than the DG's expected burn (× tolerance)
 * by {@link FUEL_DETECTION.theftDropPct} is suspected theft — with the DG off, any such drop.
 */
export function classifyFuelChange(input: {
  referencePct: number;
  levelPct: number;
  /** DG run hours since the reference and the mean DC load over them (kW). */
  dgRunHours: number;
  loadKw: number;
  tankLitres: number;
}): FuelChange {
  const { referencePct, levelPct, tankLitres } = input;
  const litres = (pct: number) => Math.round(((pct * tankLitres) / 100) * 10) / 10;
  const rise = levelPct - referencePct;
  if (rise >= FUEL_DETECTION.refillRisePct) return { kind: 'refill', litres: litres(rise), risePct: rise };
  const burnPct = (dgBurnLitresPerHour(input.loadKw) * input.dgRunHours * 100) / tankLitres;
  const unexplained = -rise - burnPct * FUEL_DETECTION.burnTolerance;
  if (unexplained >= FUEL_DETECTION.theftDropPct) {
    return { kind: 'theft', litres: litres(-rise - burnPct), dropPct: -rise };
  }
  return null;
}
