/**
 * Chart ranges from the query's Asia/Dhaka dates (docs/requirements.md#time-series): `fromDate` at
 * Dhaka midnight, `untilDate` inclusive (to the next Dhaka midnight); a range that ends before it
 * starts or spans more than MAX_CHART_RANGE_DAYS is a 400 naming the field.
 */
import { dhakaDayEnd, dhakaDayStart, MAX_CHART_RANGE_DAYS, plusOneDhakaMonth } from '@towerwatch/domain';
import { ValidationError } from '../../errors.ts';

const DAY_MS = 86_400_000;

export interface DateRangeQuery {
  fromDate?: string | undefined;
  untilDate?: string | undefined;
}

/**
 * The range of `q`; without dates, `fallback()`. Only `fromDate`: one month from it (the spec's
 * default length); only `untilDate`: the 30 days up to it.
 */
export function resolveRange(
  q: DateRangeQuery,
  fallback: () => { from: Date; until: Date },
): {
  from: Date;
  until: Date;
} {
  let from: Date;
  let until: Date;
  if (q.fromDate && q.untilDate) {
    from = dhakaDayStart(q.fromDate);
    until = dhakaDayEnd(q.untilDate);
  } else if (q.fromDate) {
    from = dhakaDayStart(q.fromDate);
    until = plusOneDhakaMonth(from);
  } else if (q.untilDate) {
    until = dhakaDayEnd(q.untilDate);
    from = new Date(until.getTime() - 30 * DAY_MS);
  } else {
    ({ from, until } = fallback());
  }
  if (until.getTime() <= from.getTime())
    throw new ValidationError('query.untilDate', 'untilDate is before fromDate');
  if (until.getTime() - from.getTime() > MAX_CHART_RANGE_DAYS * DAY_MS)
    throw new ValidationError('query.fromDate', `The range is longer than ${MAX_CHART_RANGE_DAYS} days`);
  return { from, until };
}
