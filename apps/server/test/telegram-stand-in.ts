/**
 * A local stand-in of the Telegram Bot API for tests (never part of the product): an HTTP server
 * answering `POST /bot<token>/<method>` for the methods the product calls, recording every call, and
 * able to answer 429 (`retry_after`) and the supergroup migration error (`migrate_to_chat_id`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  body: Record<string, unknown>;
}

interface Failure {
  error_code: number;
  description: string;
  parameters?: Record<string, unknown>;
}

export interface BotApiStandIn {
  /** TELEGRAM_API_ROOT for the server under test. */
  apiRoot: string;
  token: string;
  calls: RecordedCall[];
  /** Calls of one method. */
  callsOf(method: string): RecordedCall[];
  /** The next call of `method` fails with this error. */
  failNext(method: string, failure: Failure): void;
  /** Messages to `from` answer the migration error; the chat continues as `to`. */
  migrate(from: number, to: number): void;
  /** An update getUpdates returns next. */
  pushUpdate(update: Record<string, unknown>): void;
  /** The text of a message as last sent or edited. */
  messageText(chatId: number, messageId: number): string | undefined;
  close(): Promise<void>;
}

export const STAND_IN_BOT = {
  id: 777000,
  is_bot: true,
  first_name: 'Towerwatch',
  username: 'towerwatch_test_bot',
};

export async function startBotApiStandIn(token = '123456:TEST-token'): Promise<BotApiStandIn> {
  const calls: RecordedCall[] = [];
  const failures = new Map<string, Failure[]>();
  const migrations = new Map<number, number>();
  const updates: Record<string, unknown>[] = [];
  const texts = new Map<string, string>();
  let nextMessageId = 1;
  let nextUpdateId = 1;
  let linkSeq = 0;

  const answer = (method: string, body: Record<string, unknown>): { ok: boolean; [k: string]: unknown } => {
    const failure = failures.get(method)?.shift();
    if (failure) return { ok: false, ...failure };
    const chatId = Number(body.chat_id);
    if ((method === 'sendMessage' || method === 'editMessageText') && migrations.has(chatId)) {
      return {
        ok: false,
        error_code: 400,
        description: 'Bad Request: group chat was upgraded to a supergroup chat',
        parameters: { migrate_to_chat_id: migrations.get(chatId) },
      };
    }
    switch (method) {
      case 'getMe':
        return { ok: true, result: STAND_IN_BOT };
      case 'sendMessage': {
        const message_id = nextMessageId++;
        texts.set(`${chatId}:${message_id}`, String(body.text));
        return {
          ok: true,
          result: { message_id, date: 0, chat: { id: chatId, type: 'supergroup' }, text: body.text },
        };
      }
      case 'editMessageText':
        texts.set(`${chatId}:${body.message_id}`, String(body.text));
        return { ok: true, result: true };
      case 'getChat':
        return {
          ok: true,
          result: { id: chatId, type: 'supergroup', title: `Chat ${chatId}`, is_forum: false },
        };
      case 'getChatMember':
        return { ok: true, result: { status: 'administrator', user: STAND_IN_BOT } };
      case 'createChatInviteLink':
        return { ok: true, result: { invite_link: `https://t.me/+standin${++linkSeq}`, is_revoked: false } };
      case 'revokeChatInviteLink':
        return { ok: true, result: { invite_link: body.invite_link, is_revoked: true } };
      case 'createForumTopic':
        return { ok: true, result: { message_thread_id: 900 + nextMessageId++, name: body.name } };
      case 'getUpdates':
        return { ok: true, result: updates.splice(0) };
      default:
        return { ok: true, result: true };
    }
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (!match || match[1] !== token) {
        res.statusCode = 404;
        res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      const method = match[2] as string;
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
      const reply = answer(method, body);
      res.statusCode = reply.ok ? 200 : Number(reply.error_code);
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    failNext(method, failure) {
      failures.set(method, [...(failures.get(method) ?? []), failure]);
    },
    migrate(from, to) {
      migrations.set(from, to);
    },
    pushUpdate(update) {
      updates.push({ update_id: nextUpdateId++, ...update });
    },
    messageText: (chatId, messageId) => texts.get(`${chatId}:${messageId}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
