/**
 * The .xlsx writer under a slow client (issue 36 point 5): a large report read from a row spool and
 * sent over real HTTP by Fastify (as the report routes send it) to a client that stops reading. The
 * writer must stop reading rows once the reply's buffers are full, so the server holds a bounded part
 * of the file, not all of it; the client then reads on and gets the whole workbook. A client that goes
 * away ends the writer and frees the spool.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, Transform } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSpools } from '../../../test/spooled.ts';
import { closingWith } from '../http/json-stream.ts';
import { createRowSpool, type RowSpool } from '../http/row-spool.ts';
import { xlsxStream } from './xlsx-writer.ts';

/** ~14 MB of workbook: far more than the loopback socket's buffers (a few MB) hold. */
const ROWS = 250_000;
/** Compressed bytes of the file the server may hold beyond what left the writer (the zip's buffers). */
const HELD_MAX = 2 * 1024 * 1024;

type Row = { i: number; a: number; b: number; c: number };

let app: FastifyInstance;
let port: number;
/** The current request's writer: rows it read from the spool, bytes it wrote, whether it stopped. */
let served: { pulled: number; emitted: number; ended: boolean; spoolClosed: boolean };

/** Random figures (they compress like real ones, not to nothing). */
const rowOf = (i: number): Row => ({ i, a: Math.random() * 1000, b: Math.random(), c: i / 7 });

async function until(what: string, cond: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the writer read no row for `quietMs` (it waits for the client, or it is done). */
async function writerIdle(quietMs = 1000): Promise<number> {
  let last = -1;
  let since = Date.now();
  await until('the writer to stop reading rows', () => {
    if (served.pulled !== last) {
      last = served.pulled;
      since = Date.now();
    }
    return Date.now() - since >= quietMs;
  });
  return last;
}

beforeAll(async () => {
  // A failed test leaves its client paused: closing the server must not wait for it.
  app = Fastify({ forceCloseConnections: true });
  app.get('/report.xlsx', async (_req, reply) => {
    const spool: RowSpool<Row, undefined> = await createRowSpool<Row>();
    for (let i = 0; i < ROWS; i++) await spool.add(rowOf(i), undefined);
    const s = { pulled: 0, emitted: 0, ended: false, spoolClosed: false };
    served = s;
    async function* rows() {
      try {
        for await (const r of spool.rows()) {
          s.pulled += 1;
          yield [r.i, r.a, r.b, r.c];
        }
      } finally {
        s.ended = true;
      }
    }
    const book = xlsxStream({
      title: 'Back-pressure',
      generatedAt: new Date(),
      parameters: [],
      sheets: [
        {
          name: 'Rows',
          columns: ['i', 'a', 'b', 'c'].map((header) => ({ header, width: 12, type: 'number' as const })),
          rows: rows(),
        },
      ],
    });
    // Counts the bytes that left the writer; a destroyed reply destroys the writer's stream too.
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        s.emitted += chunk.length;
        done(null, chunk);
      },
    });
    const body = pipeline(book, counter, () => undefined);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(
        closingWith(body, async () => {
          await spool.close();
          s.spoolClosed = true;
        }),
      );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

/** A GET whose reply is paused as soon as its head arrives. */
function pausedGet() {
  return new Promise<{ res: import('node:http').IncomingMessage; abort: () => void }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/report.xlsx' }, (res) => {
      res.pause();
      resolve({ res, abort: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('.xlsx writer back-pressure', () => {
  it('reads rows only as fast as a slow client takes the file, then sends all of it', async () => {
    const { res } = await pausedGet();
    expect(res.statusCode).toBe(200);
    // The client reads nothing: the writer fills the socket and the reply's buffers, then waits.
    const pulled = await writerIdle();
    const emittedWhilePaused = served.emitted;
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(ROWS);
    expect(served.ended).toBe(false);

    // The client reads on: every byte arrives, the workbook is whole (its zip directory at the end).
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.resume();
    await new Promise<void>((resolve, reject) => {
      res.on('end', resolve);
      res.on('error', reject);
    });
    const file = Buffer.concat(chunks);
    expect(served.pulled).toBe(ROWS);
    expect(file.length).toBe(served.emitted);
    expect(file.readUInt32LE(file.length - 22)).toBe(0x06054b50); // end of central directory
    await until('the spool to be closed', () => served.spoolClosed);

    // While the client was paused, the server held only a bounded part of the file beyond what left
    // the writer: the rows it had read, as compressed bytes, less the bytes it had written out.
    const held = (pulled / ROWS) * file.length - emittedWhilePaused;
    expect(file.length).toBeGreaterThan(4 * HELD_MAX);
    expect(held).toBeLessThan(HELD_MAX);
  });

  it('stops writing and frees the spool when the client goes away midway', async () => {
    const spools = openSpools();
    const { res, abort } = await pausedGet();
    expect(res.statusCode).toBe(200);
    const pulled = await writerIdle();
    expect(pulled).toBeLessThan(ROWS);
    abort();
    await until('the writer to end', () => served.ended && served.spoolClosed);
    expect(served.pulled).toBeLessThan(ROWS);
    await until('the spool file to be closed', () => openSpools() < spools + 1);
  });
});
