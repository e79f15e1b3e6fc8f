/**
 * Access records of the Access page (docs/requirements.md#access-records): the words for each outcome
 * and subject.
 */
import type { AccessRecord } from '@towerwatch/contract';

const REASON_LABELS: Record<string, string> = {
  unknown_card: 'Unknown card',
  blocked: 'Blocked card',
  expired: 'Card expired',
  not_yet_valid: 'Card not yet valid',
  outside_time_window: 'Outside time window',
  reader_error: 'Reader error',
};

/** The outcome of a record in words: Granted, Remote unlock, or Denied with the reason. */
export function recordOutcome(record: Pick<AccessRecord, 'granted' | 'reason' | 'kind'>): {
  label: string;
  color: string;
  reason: string | null;
} {
  if (record.granted) {
    return { label: record.kind === 'remote_unlock' ? 'Unlocked' : 'Granted', color: 'teal', reason: null };
  }
  const reason = record.reason ? (REASON_LABELS[record.reason] ?? record.reason.replace(/_/g, ' ')) : null;
  return { label: 'Denied', color: 'red', reason };
}

/** Who or what a record is about: the operator of a remote unlock, else the card and its holder. */
export function recordSubject(record: AccessRecord): string {
  if (record.kind === 'remote_unlock')
    return `Remote unlock by ${record.unlockedByName ?? record.unlockedBy ?? 'an operator'}`;
  return record.holderName ? `${record.cardNumber} · ${record.holderName}` : record.cardNumber;
}
