/**
 * The tenant SLA from pieces of a window (docs/decisions/sla-from-daily-rollups.md): a piece is an
 * Asia/Dhaka day the jobs role rolled up, or a raw edge of the report. Its figures are the gap, the
 * down time outside gaps, the outages and their down time by cause. An outage's cause depends on what
 * happened around the whole outage (outageCause), so a piece can settle an outage only when all of that
 * lies inside it; otherwise the piece is `unsettled` and the report computes the site from raw events.
 */
import { reportedTime } from './site-time.ts';
import { outageCause, SLA_CAUSES, type SlaCause } from './sla.ts';

/** How far before a range (a piece) the SLA looks for the state of each event at its start. */
export const SLA_STATE_LOOKBACK_DAYS = 366;

/** One site-down period inside a piece, with the facts of its cause (as read over the piece). */
export interface DownPeriodFacts {
  /** Down ms inside the piece, and the part of it inside gaps. */
  ms: number;
  gapMs: number;
  /** Active at the piece's start / still active at its end. */
  lead: boolean;
  open: boolean;
  mainsFailed: boolean;
  /** A mains failure overlapping the period is active at the piece's start. */
  mainsLead: boolean;
  dgFailed: boolean;
  onBattery: boolean;
}

/** One tenant's SLA figures of a site over a piece (ms). */
export interface SlaPiece {
  gapMs: number;
  downMs: number;
  outages: number;
  causes: Record<SlaCause, number>;
  /** An outage is running at the piece's end (and the piece ends the report). */
  downNow: boolean;
  /** An outage's cause depends on time outside the piece: the piece cannot answer. */
  unsettled: boolean;
}

/** Zero down time by cause. */
export function noCauses(): Record<SlaCause, number> {
  return Object.fromEntries(SLA_CAUSES.map((c) => [c, 0])) as Record<SlaCause, number>;
}

/**
 * The figures of a piece from its gap and its down periods. `atStart`/`atEnd`: the piece starts/ends
 * the report's range, where the raw computation cuts the periods the same way (a period running in at
 * the range's start counts from there, one running at its end counts up to it).
 */
export function slaPiece(
  gapMs: number,
  periods: readonly DownPeriodFacts[],
  bounds: { atStart: boolean; atEnd: boolean },
): SlaPiece {
  const out: SlaPiece = {
    gapMs,
    downMs: 0,
    outages: 0,
    causes: noCauses(),
    downNow: false,
    unsettled: false,
  };
  for (const d of periods) {
    if (((d.lead || d.mainsLead) && !bounds.atStart) || (d.open && !bounds.atEnd)) {
      out.unsettled = true;
      continue;
    }
    const ms = reportedTime(d.ms, d.gapMs);
    out.downMs += ms;
    out.outages += 1;
    out.causes[outageCause(d)] += ms;
    if (d.open) out.downNow = true;
  }
  return out;
}

/** The figures of a window from its pieces in time order (settled outages never cross a piece). */
export function combineSlaPieces(pieces: readonly SlaPiece[]): SlaPiece {
  const out: SlaPiece = {
    gapMs: 0,
    downMs: 0,
    outages: 0,
    causes: noCauses(),
    downNow: false,
    unsettled: false,
  };
  for (const p of pieces) {
    out.gapMs += p.gapMs;
    out.downMs += p.downMs;
    out.outages += p.outages;
    for (const c of SLA_CAUSES) out.causes[c] += p.causes[c];
    out.downNow = p.downNow;
    out.unsettled ||= p.unsettled;
  }
  return out;
}
