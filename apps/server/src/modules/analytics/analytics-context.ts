/** What a report builder gets (analytics.service.ts builds it, analytics-reports.ts reads it). */
import type { CompareMode, ReportPeriod } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { FleetFilter } from '../power-data/index.ts';
import type { ReportWindow } from './analytics.repository.ts';

/** A resolved period: [from, until), where its figures stop, and its window for the repository. */
export interface ResolvedPeriod {
  period: ReportPeriod;
  end: number;
  window: ReportWindow;
}

/** What a report builder gets: the scope filter, both periods, now. */
export interface ReportContext {
  caller: Caller;
  filter: FleetFilter;
  main: ResolvedPeriod;
  previous: ResolvedPeriod | null;
  now: Date;
  meta: {
    generatedAt: string;
    compare: CompareMode;
    tenant: string | null;
    companyId: string | null;
  };
}
