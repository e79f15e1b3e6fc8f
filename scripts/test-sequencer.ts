/**
 * The order in which `npm test` starts its files (root vitest.config.ts `sequence.sequencer`).
 *
 * vitest's own order runs project after project (by name), each project's slowest files first. The e2e
 * files hold one of the e2e servers each (e2e/src/server-lease.ts), so in that order they would take
 * every worker at once, all but two of them waiting for a server, while the server files wait in the
 * queue. Instead the two kinds are merged by planned time: the e2e files as if on their servers' lanes,
 * the other files as if on the remaining workers' lanes, each file placed when its lane would start it.
 * Both kinds then run side by side for the whole run, and few e2e files ever wait for a server.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How many workers the e2e files may fill at once: the e2e servers (E2E_SERVERS, default 2). */
const E2E_LANES = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
/** Planned seconds of a file without a recorded duration. */
const UNKNOWN_SECONDS = { e2e: 15, other: 2 };

export class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const workers = Number(this.ctx.config.maxWorkers) || 4;
    const isE2e = (spec: TestSpecification) => spec.project.name === 'e2e';
    const seconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const ms = this.ctx.cache.getFileTestResults(key)?.duration;
      return ms !== undefined ? ms / 1000 : UNKNOWN_SECONDS[isE2e(spec) ? 'e2e' : 'other'];
    };
    const queues = [
      { files: sorted.filter(isE2e), lanes: E2E_LANES, planned: 0 },
      { files: sorted.filter((s) => !isE2e(s)), lanes: Math.max(1, workers - E2E_LANES), planned: 0 },
    ];
    const order: TestSpecification[] = [];
    for (;;) {
      const waiting = queues.filter((q) => q.files.length > 0);
      if (waiting.length === 0) return order;
      // The kind whose lanes would come free first starts its next file.
      const next = waiting.reduce((a, b) => (a.planned / a.lanes <= b.planned / b.lanes ? a : b));
      const spec = next.files.shift() as TestSpecification;
      next.planned += seconds(spec);
      order.push(spec);
    }
  }
}
