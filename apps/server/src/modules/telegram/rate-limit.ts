/**
 * In-process pacing of Bot API calls: Telegram allows about one message per second in a chat, 20 per
 * minute in a group and 30 per second overall. A 429 pauses the chat for its `retry_after` too.
 */
export interface RateLimits {
  /** Least time between two calls in one chat, ms. */
  perChatIntervalMs: number;
  /** Calls per second for the whole bot. */
  globalPerSecond: number;
}

export const TELEGRAM_RATE_LIMITS: RateLimits = { perChatIntervalMs: 3000, globalPerSecond: 30 };

export function createRateLimiter(limits: RateLimits, now: () => number = Date.now) {
  const nextByChat = new Map<string, number>();
  let windowStart = 0;
  let inWindow = 0;
  return {
    /** Milliseconds before the chat may be called again (0 = now). */
    chatWait(chat: string): number {
      return Math.max(0, (nextByChat.get(chat) ?? 0) - now());
    },
    /** Milliseconds before the bot may call again (0 = now). */
    globalWait(): number {
      const t = now();
      if (t - windowStart >= 1000) return 0;
      return inWindow < limits.globalPerSecond ? 0 : windowStart + 1000 - t;
    },
    /** Records a call in the chat. */
    record(chat: string): void {
      const t = now();
      if (t - windowStart >= 1000) {
        windowStart = t;
        inWindow = 0;
      }
      inWindow++;
      nextByChat.set(chat, t + limits.perChatIntervalMs);
      if (nextByChat.size > 10_000) nextByChat.clear();
    },
    /** Telegram asked the chat to wait. */
    pause(chat: string, ms: number): void {
      nextByChat.set(chat, Math.max(nextByChat.get(chat) ?? 0, now() + ms));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
