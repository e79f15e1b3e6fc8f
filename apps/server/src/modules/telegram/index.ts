/**
 * The messaging-groups module (Telegram): group management, alarm settings, deliveries, account links,
 * and the bot (outbox sender, updates) the `jobs` role runs. Without TELEGRAM_BOT_TOKEN the API works
 * and says notifications are off; nothing is sent.
 */
import { webhookCallback } from 'grammy';
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { EventsModuleServices } from '../events/index.ts';
import type { UsersModuleServices } from '../users/index.ts';
import { createTelegramClient, type TelegramClient, webhookSecret } from './bot-client.ts';
import { type CompanyMessenger, createCompanyMessenger } from './company-message.ts';
import { createTelegramJobs, type TelegramJobs } from './jobs.ts';
import { createLinksRepository, createLinksService } from './links.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { createRateLimiter, TELEGRAM_RATE_LIMITS } from './rate-limit.ts';
import { createTelegramRepository } from './telegram.repository.ts';
import { registerTelegramRoutes } from './telegram.routes.ts';
import { createTelegramService } from './telegram.service.ts';
import { installBotHandlers } from './updates.ts';

export type { CompanyMessenger } from './company-message.ts';
export { REFUSAL_NOT_ALLOWED, REFUSAL_UNLINKED } from './updates.ts';

export interface TelegramModuleServices {
  /** The bot's background work; undefined when no bot token is configured. */
  readonly jobs: TelegramJobs | undefined;
  readonly client: TelegramClient | undefined;
  /** A plain message to a company's active groups (0 sent without a bot token or groups). */
  readonly notifyCompany: CompanyMessenger;
}

export function createTelegramModule(
  kernel: Kernel,
  deps: { events: EventsModuleServices; users: UsersModuleServices },
): ServerModule<TelegramModuleServices> {
  const config = kernel.config.telegram;
  const client = createTelegramClient(config);
  const service = createTelegramService({
    db: kernel.pool,
    repo: createTelegramRepository(kernel.pool),
    outbox: createOutboxRepository(kernel.pool),
    client,
    log: kernel.log,
  });
  const links = createLinksService({
    links: createLinksRepository(kernel.pool),
    clock: kernel.clock,
    notificationsEnabled: client !== undefined,
    botUsername: () => (client?.bot.isInited() ? client.bot.botInfo.username : null),
  });
  let jobs: TelegramJobs | undefined;
  if (client) {
    installBotHandlers(client.bot, {
      pool: kernel.pool,
      clock: kernel.clock,
      log: kernel.log,
      client,
      findUser: (uid) => deps.users.repository.findByUid(uid),
      acknowledge: deps.events.acknowledge,
    });
    jobs = createTelegramJobs({
      pool: kernel.pool,
      clock: kernel.clock,
      log: kernel.log,
      client,
      limiter: createRateLimiter(TELEGRAM_RATE_LIMITS),
      config,
    });
  }
  return {
    services: { jobs, client, notifyCompany: createCompanyMessenger(kernel.pool, client, kernel.log) },
    registerRoutes: (app) => {
      registerTelegramRoutes(app, service, links);
      if (client && config.webhookUrl) {
        // Infrastructure route for Telegram itself (like /metrics): checked by the secret-token header.
        const secretToken = webhookSecret(config, client.bot.token);
        app.post(
          '/telegram/webhook',
          { config: { public: true }, schema: { hide: true } },
          webhookCallback(client.bot, 'fastify', { secretToken }),
        );
      }
    },
  };
}
