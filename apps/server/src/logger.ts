/** Structured JSON logs (pino), shared by Fastify and the rest of the process. */
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    base: { pid: process.pid, app: 'towerwatch' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'password', '*.password', '*.refresh_token'],
  });
}
