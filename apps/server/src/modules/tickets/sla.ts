/** A company's SLA target of a severity (docs/requirements.md#ticket-sla). */
import { DEFAULT_TICKET_SLA, type SlaTarget, type TicketSeverity } from '@towerwatch/domain';

/** The company's SLA target of a severity: its setting if valid, else the domain default. */
export function slaOf(settings: Record<string, unknown> | null, severity: TicketSeverity): SlaTarget {
  const own = settings?.[severity] as Partial<SlaTarget> | undefined;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
  const d = DEFAULT_TICKET_SLA[severity];
  return {
    acknowledgeMinutes: ok(own?.acknowledgeMinutes) ? own.acknowledgeMinutes : d.acknowledgeMinutes,
    resolveMinutes: ok(own?.resolveMinutes) ? own.resolveMinutes : d.resolveMinutes,
  };
}
