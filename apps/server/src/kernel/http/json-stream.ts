/**
 * A JSON reply written as it is produced: the object's plain fields first, then each array row by
 * row, into a Readable that Fastify sends with backpressure (a large report is never one string in
 * memory). The bytes are those of JSON.stringify of the whole object with the arrays last; with the
 * reply's schema, those of the route's serialiser (JSON.stringify of the schema's parse: its key order,
 * unknown keys dropped, the contract checked), the head and each row parsed on their own.
 */
import { Readable } from 'node:stream';
import type { z } from 'zod';

/** Bytes gathered before a chunk is handed to the socket. */
const CHUNK = 64 * 1024;

export function jsonStream(
  head: Record<string, unknown>,
  arrays: Record<string, Iterable<unknown> | AsyncIterable<unknown>>,
  schema?: z.ZodObject,
): Readable {
  const names = Object.keys(arrays);
  const rowSchema = (name: string) => (schema?.shape[name] as z.ZodArray<z.ZodType> | undefined)?.element;
  async function* chunks(): AsyncGenerator<string> {
    const start = JSON.stringify(
      schema ? schema.omit(Object.fromEntries(names.map((n) => [n, true])) as never).parse(head) : head,
    );
    let out = start.slice(0, -1);
    let fields = start === '{}' ? 0 : 1;
    for (const [name, rows] of Object.entries(arrays)) {
      out += `${fields++ > 0 ? ',' : ''}${JSON.stringify(name)}:[`;
      const element = rowSchema(name);
      let n = 0;
      for await (const row of rows) {
        out += `${n++ > 0 ? ',' : ''}${JSON.stringify(element ? element.parse(row) : row)}`;
        if (out.length >= CHUNK) {
          yield out;
          out = '';
        }
      }
      out += ']';
    }
    yield `${out}}`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * `body` (a streamed reply) with `close` called once the stream is closed: sent in full, failed, or
 * abandoned by a client that went away (its spooled rows are freed then: kernel/http/row-spool.ts).
 */
export function closingWith<S extends Readable>(body: S, close: () => Promise<void>): S {
  body.once('close', () => {
    close().catch(() => undefined);
  });
  return body;
}
