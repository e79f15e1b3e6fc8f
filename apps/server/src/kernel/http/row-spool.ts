/**
 * Rows of a streamed report kept on disk until the reply is written (kernel/http/json-stream.ts): a
 * report's head (totals, counts) comes before its rows in the reply but is known only once every row is
 * read, so the rows are appended to an unlinked temporary file as they are computed and read back as the
 * reply is sent. Memory holds one write chunk, plus, for a sorted spool, each row's sort key and place
 * in the file. The file is unlinked at once: closing the spool (or the process ending) frees it.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** Bytes gathered before they are written to the file. */
const CHUNK = 64 * 1024;

export interface RowSpool<T, K> {
  /** Appends a row (with its sort key for a sorted spool). */
  add(row: T, key: K): Promise<void>;
  /** Rows added so far. */
  readonly size: number;
  /** The rows in the order added, or by key for a sorted spool (equal keys: the order added). */
  rows(): AsyncIterable<T>;
  /** Frees the file; idempotent. */
  close(): Promise<void>;
}

/** A spool; with `order`, its rows are read back sorted by their keys. */
export async function createRowSpool<T, K = undefined>(
  order?: (a: K, b: K) => number,
): Promise<RowSpool<T, K>> {
  const dir = await mkdtemp(join(tmpdir(), 'towerwatch-spool-'));
  const path = join(dir, 'rows');
  const fh = await open(path, 'w+');
  await rm(dir, { recursive: true, force: true });
  const index: { key: K; pos: number; len: number }[] = [];
  let pending = '';
  let written = 0;
  let size = 0;
  let closed = false;
  const flush = async () => {
    if (pending.length === 0) return;
    const buf = Buffer.from(pending);
    pending = '';
    await fh.write(buf, 0, buf.length, written);
    written += buf.length;
  };
  let pos = 0;
  return {
    async add(row, key) {
      if (closed) throw new Error('the row spool is closed');
      const line = `${JSON.stringify(row)}\n`;
      const len = Buffer.byteLength(line);
      if (order) index.push({ key, pos, len });
      pos += len;
      size += 1;
      pending += line;
      if (pending.length >= CHUNK) await flush();
    },
    get size() {
      return size;
    },
    async *rows() {
      await flush();
      if (order) {
        const sorted = [...index].sort((a, b) => order(a.key, b.key) || a.pos - b.pos);
        for (const at of sorted) {
          if (closed) throw new Error('the row spool is closed');
          const buf = Buffer.alloc(at.len);
          await fh.read(buf, 0, at.len, at.pos);
          yield JSON.parse(buf.toString('utf8')) as T;
        }
        return;
      }
      // Chunks read at their place in the file (several readers may read at once), cut into lines.
      const buf = Buffer.alloc(CHUNK);
      const text = new StringDecoder('utf8');
      let at = 0;
      let rest = '';
      while (at < written) {
        if (closed) throw new Error('the row spool is closed');
        const { bytesRead } = await fh.read(buf, 0, Math.min(CHUNK, written - at), at);
        if (bytesRead === 0) break;
        at += bytesRead;
        rest += text.write(buf.subarray(0, bytesRead));
        let start = 0;
        for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n', start)) {
          yield JSON.parse(rest.slice(start, nl)) as T;
          start = nl + 1;
        }
        rest = rest.slice(start);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      index.length = 0;
      await fh.close();
    },
  };
}
