import {
  ALARM_FILTER_GROUPS,
  type AlarmFilterGroup,
  alarmGroupOf,
  parseAlarmFilterKey,
} from '@towerwatch/domain';
import type { AlarmRow } from '../site-overview/index.ts';

/** What the alarm page shows: a group (or all), chosen options of the group, raised only. */
export interface AlarmPageFilter {
  group: AlarmFilterGroup | 'All';
  /** Option keys of the alarm filter (`alarmId` or `alarmId_tenant`); empty = the whole group. */
  keys: readonly string[];
  raisedOnly: boolean;
}

/** The group choices, 'All' first. */
export const GROUP_CHOICES = ['All', ...ALARM_FILTER_GROUPS] as const;

/** True when a row passes the filter (tenant variants match the alarm of that tenant only). */
export function alarmRowMatches(row: AlarmRow, filter: AlarmPageFilter): boolean {
  if (filter.raisedOnly && row.state !== 'raised') return false;
  if (filter.group !== 'All' && alarmGroupOf(row.id) !== filter.group) return false;
  if (filter.keys.length === 0) return true;
  return filter.keys.some((key) => {
    const parsed = parseAlarmFilterKey(key);
    if (!parsed || parsed.alarmId !== row.id) return false;
    return parsed.tenant === null || parsed.tenant === row.tenant;
  });
}
