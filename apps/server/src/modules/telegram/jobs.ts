/**
 * The Telegram work of the `jobs` role: queue new transitions, send what is due, and read updates by
 * long polling (or register the webhook when TELEGRAM_WEBHOOK_URL is set). One process polls at a time
 * (the offset row is locked while it polls).
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { type TelegramClient, webhookSecret } from './bot-client.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { queueNewEvents } from './producer.ts';
import type { RateLimiter } from './rate-limit.ts';
import { sendDue } from './sender.ts';

export interface TelegramJobsDeps {
  pool: Pool;
  clock: Clock;
  log: Pick<Logger, 'warn' | 'info' | 'error'>;
  client: TelegramClient;
  limiter: RateLimiter;
  config: Config['telegram'];
}

export function createTelegramJobs(deps: TelegramJobsDeps) {
  const sender = { ...deps };
  return {
    /** Queues new transitions and sends what is due; returns the messages sent or edited. */
    async tick(): Promise<{ queued: number; sent: number }> {
      const queued = await queueNewEvents(deps.pool, deps.clock);
      const sent = await sendDue(sender);
      return { queued, sent };
    },

    /** One getUpdates round (long poll of `timeoutSeconds`); returns the updates handled. */
    async pollOnce(timeoutSeconds: number, signal?: AbortSignal): Promise<number> {
      const bot = deps.client.bot;
      if (!bot.isInited()) await bot.init();
      return withTransaction(deps.pool, async (tx) => {
        const outbox = createOutboxRepository(tx);
        const offset = await outbox.lockUpdatesOffset();
        if (offset === null) return 0;
        const updates = await bot.api.getUpdates(
          { offset, timeout: timeoutSeconds, allowed_updates: ['message', 'callback_query'] },
          // grammY types its signal with the abort-controller polyfill; the platform's is the same at runtime.
          signal as Parameters<typeof bot.api.getUpdates>[1],
        );
        for (const update of updates) {
          try {
            await bot.handleUpdate(update);
          } catch (err) {
            deps.log.warn({ err, update: update.update_id }, 'telegram: update not handled');
          }
        }
        const last = updates[updates.length - 1];
        if (last) await outbox.saveUpdatesOffset(last.update_id + 1);
        return updates.length;
      });
    },

    /**
     * Starts the loops in the background (never blocks the start of the process, even when Telegram is
     * unreachable); returns their stop function.
     */
    async start(opts: { tickMs?: number } = {}): Promise<() => Promise<void>> {
      let stopped = false;
      let ready = false;
      const abort = new AbortController();
      const bot = deps.client.bot;
      /** getMe, then the webhook registered (secret token) or removed for long polling. */
      const setup = async () => {
        if (ready) return;
        await bot.init();
        if (deps.config.webhookUrl) {
          await bot.api.setWebhook(deps.config.webhookUrl, {
            secret_token: webhookSecret(deps.config, bot.token),
            allowed_updates: ['message', 'callback_query'],
          });
        } else {
          await bot.api.deleteWebhook();
        }
        ready = true;
      };
      const loop = async (what: string, fn: () => Promise<unknown>, pauseMs: number, done = () => false) => {
        while (!stopped && !done()) {
          try {
            await fn();
          } catch (err) {
            if (stopped) break;
            deps.log.warn(
              { err },
              `telegram: ${what} failed (check TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT)`,
            );
            await new Promise((r) => setTimeout(r, 5000));
          }
          if (!stopped && !done()) await new Promise((r) => setTimeout(r, pauseMs));
        }
      };
      const running = [loop('delivery', () => this.tick(), opts.tickMs ?? 1000)];
      if (deps.config.webhookUrl) running.push(loop('webhook registration', setup, 1000, () => ready));
      else
        running.push(
          loop(
            'polling',
            async () => {
              await setup();
              await this.pollOnce(20, abort.signal);
            },
            200,
          ),
        );
      return async () => {
        stopped = true;
        abort.abort();
        await Promise.race([Promise.all(running), new Promise((r) => setTimeout(r, 2000))]);
      };
    },
  };
}

export type TelegramJobs = ReturnType<typeof createTelegramJobs>;
