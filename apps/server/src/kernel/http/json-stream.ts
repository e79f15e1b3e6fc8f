/**
 * A JSON reply written as it is produced: the object's plain fields first, then each array row by
 * row, into a Readable that Fastify sends with backpressure (a large report is never one string in
 * memory). The bytes are those of JSON.stringify of the whole object with the arrays last.
 */
import { Readable } from 'node:stream';

/** Bytes gathered before a chunk is handed to the socket. */
const CHUNK = 64 * 1024;

export function jsonStream(
  head: Record<string, unknown>,
  arrays: Record<string, Iterable<unknown> | AsyncIterable<unknown>>,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    const start = JSON.stringify(head);
    let out = start.slice(0, -1);
    let fields = start === '{}' ? 0 : 1;
    for (const [name, rows] of Object.entries(arrays)) {
      out += `${fields++ > 0 ? ',' : ''}${JSON.stringify(name)}:[`;
      let n = 0;
      for await (const row of rows) {
        out += `${n++ > 0 ? ',' : ''}${JSON.stringify(row)}`;
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
