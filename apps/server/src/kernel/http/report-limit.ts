/**
 * The per-user limit on report and export generation (docs/api.md "Report and export limit"): every
 * route of an endpoint that answers a file (an .xlsx export) or has a file variant (the analytics and
 * SLA reports, whose JSON is the same computation) takes one of the caller's slots for as long as it
 * generates; with all of them taken it answers 429 with Retry-After at once. `route()` applies it
 * from the endpoint, so a new export is limited the day it is added. A slot comes back when the
 * handler has settled (done or failed) and the response is closed (sent, or the client went away).
 * The limit is per API process; REPORT_CONCURRENCY_PER_USER sets it.
 */
import { type EndpointDef, isFileReply } from '@towerwatch/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TooManyRequestsError } from '../../errors.ts';

/** Seconds a refused client is told to wait (Retry-After). */
export const REPORT_RETRY_AFTER_S = 5;

export interface ReportLimiter {
  /** Generations each user may run at once. */
  readonly perUser: number;
  /** Generations of `userUid` running now. */
  inFlight(userUid: string): number;
  /**
   * Takes a slot of `userUid` for a generation answered on `reply` and returns the function to call
   * once its handler has settled; 429 (TooManyRequestsError) when every slot is taken.
   */
  begin(userUid: string, reply: FastifyReply): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The report generation limit (installed by buildApp before any route). */
    readonly reportLimiter?: ReportLimiter;
  }
}

/** True when generating the endpoint's answer is a report or export the limit covers. */
export function isReportEndpoint(endpoint: EndpointDef): boolean {
  return isFileReply(endpoint.reply) || endpoint.fileVariant !== undefined;
}

export function createReportLimiter(perUser: number): ReportLimiter {
  const running = new Map<string, number>();
  const release = (uid: string) => {
    const n = (running.get(uid) ?? 1) - 1;
    if (n > 0) running.set(uid, n);
    else running.delete(uid);
  };
  return {
    perUser,
    inFlight: (uid) => running.get(uid) ?? 0,
    begin(uid, reply) {
      const n = running.get(uid) ?? 0;
      if (n >= perUser) {
        throw new TooManyRequestsError(
          `You already have ${n} reports or exports being generated: wait until one is done, then try again`,
          REPORT_RETRY_AFTER_S,
        );
      }
      running.set(uid, n + 1);
      // Released once both happened: the handler settled and the response closed.
      let waiting = 2;
      const settle = () => {
        waiting -= 1;
        if (waiting === 0) release(uid);
      };
      let closed = false;
      const onClose = () => {
        if (closed) return;
        closed = true;
        settle();
      };
      if (reply.raw.writableFinished || reply.raw.destroyed) onClose();
      else {
        reply.raw.once('close', onClose);
        reply.raw.once('finish', onClose);
      }
      let settled = false;
      return () => {
        if (settled) return;
        settled = true;
        settle();
      };
    },
  };
}

/** Decorates `app` with its report limiter; call before any route is registered. */
export function installReportLimiter(app: FastifyInstance, perUser: number): void {
  app.decorate('reportLimiter', createReportLimiter(perUser));
}
