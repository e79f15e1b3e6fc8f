/**
 * Battery bank health (docs/requirements.md#battery-bank-health): a company's sites ranked by the
 * risk of their battery bank, from the BMS records of the last 30 days.
 */
import { z } from 'zod';
import { isoTime, userUidParam } from './site-common.ts';

/** `user_uid` as on the site lists: operators choose a customer (its root user). */
export const bankHealthQuery = z.object({ user_uid: userUidParam.optional() });
export type BankHealthQuery = z.infer<typeof bankHealthQuery>;

/** One battery (site and BMS address) of the ranking. */
export const bankHealthItem = z.object({
  rank: z.number().int(),
  siteUid: z.string(),
  siteName: z.string(),
  address: z.number().int(),
  soh: z.number().nullable(),
  /** SOH change per 30 days (points; negative = falling), null with less than a day of history. */
  sohTrend30d: z.number().nullable(),
  /** Latest weakest-to-strongest cell spread (V). */
  spread: z.number().nullable(),
  /** 1-based number of the weakest cell. */
  weakestCell: z.number().int().nullable(),
  weakestVoltage: z.number().nullable(),
  score: z.number(),
  /** Spread at or above the warning level. */
  flagged: z.boolean(),
  lastTime: isoTime,
});
export type BankHealthItem = z.infer<typeof bankHealthItem>;

export const bankHealthReply = z.object({ items: z.array(bankHealthItem) });
export type BankHealthReply = z.infer<typeof bankHealthReply>;
