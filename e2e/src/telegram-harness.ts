/**
 * For the Telegram browser test: a minimal local stand-in of the Bot API (recording the calls) and a
 * dedicated real server (apps/server/src/main.ts by path) configured with it, so the shared e2e server
 * stays without a bot. Test-only code.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OwnServer, startOwnServer } from './own-server.ts';

export const STAND_IN_TOKEN = '123456:E2E-token';

export interface StandInCall {
  method: string;
  body: Record<string, unknown>;
}

/** The Bot API stand-in: answers the methods the product calls and records them. */
export async function startStandIn(): Promise<{
  apiRoot: string;
  calls: StandInCall[];
  close(): Promise<void>;
}> {
  const calls: StandInCall[] = [];
  let messageId = 0;
  const results: Record<string, (b: Record<string, unknown>) => unknown> = {
    getMe: () => ({ id: 777001, is_bot: true, first_name: 'Towerwatch', username: 'towerwatch_e2e_bot' }),
    sendMessage: (b) => ({
      message_id: ++messageId,
      date: 0,
      chat: { id: b.chat_id, type: 'supergroup' },
      text: b.text,
    }),
    getChat: (b) => ({ id: b.chat_id, type: 'supergroup', title: 'NOC', is_forum: false }),
    getChatMember: () => ({
      status: 'administrator',
      user: { id: 777001, is_bot: true, first_name: 'Towerwatch' },
    }),
    createChatInviteLink: () => ({ invite_link: 'https://t.me/+e2eInvite', is_revoked: false }),
    getUpdates: () => [],
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const method = /\/bot[^/]+\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
      res.setHeader('content-type', 'application/json');
      // getUpdates long-polls: answer after a short wait so the poller does not spin.
      const delay = method === 'getUpdates' ? 500 : 0;
      setTimeout(() => res.end(JSON.stringify({ ok: true, result: results[method]?.(body) ?? true })), delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server of its own (embedded PostgreSQL, demo data, no simulator) talking to the stand-in. */
export function startServerWithBot(apiRoot: string): Promise<OwnServer> {
  return startOwnServer('telegram', { TELEGRAM_BOT_TOKEN: STAND_IN_TOKEN, TELEGRAM_API_ROOT: apiRoot });
}
