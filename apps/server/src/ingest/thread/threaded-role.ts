/**
 * The ingest role with its pipeline in an ingest thread (thread-pipeline.ts): the broker side
 * (ingest-role.ts startIngestFront) and the command dispatcher stay on the main thread.
 */
import type { Config } from '../../config.ts';
import {
  type IngestFrontRole,
  type IngestRoleDeps,
  startCommandDispatcher,
  startIngestFront,
} from '../ingest-role.ts';
import { createIngestMetrics } from '../metrics.ts';
import { startIngestThread } from './thread-pipeline.ts';

export interface ThreadedIngestDeps extends Omit<IngestRoleDeps, 'fence'> {
  logLevel: Config['logLevel'];
  /** Connections of the ingest thread's pool. */
  poolMax: number;
  /** The ingest lease this process holds: the thread fences its writes with it. */
  lease?: { name: string; epoch: number };
  /** The thread failed (default: the process ends; see thread-pipeline.ts). */
  onFailure?: (err: Error) => void;
}

export async function startThreadedIngestRole(deps: ThreadedIngestDeps): Promise<IngestFrontRole> {
  const metrics = deps.metrics ?? createIngestMetrics();
  const log = deps.log.child({ role: 'ingest' });
  const thread = await startIngestThread({
    pool: deps.pool,
    poolMax: deps.poolMax,
    logLevel: deps.logLevel,
    bus: deps.bus,
    metrics,
    log,
    deviceRate: deps.deviceRate,
    lease: deps.lease,
    focusedOnly: deps.focusedSites !== undefined,
    onFailure: deps.onFailure,
  });
  try {
    const front = await startIngestFront(deps, {
      log,
      metrics,
      pipeline: thread.pipeline,
      async startCommands(publish) {
        const commands = await startCommandDispatcher({ ...deps, log, metrics }, publish);
        return { commands, stop: () => commands.stop() };
      },
    });
    return {
      ...front,
      async stop() {
        await front.stop();
        await thread.stop();
      },
    };
  } catch (err) {
    await thread.stop();
    throw err;
  }
}
