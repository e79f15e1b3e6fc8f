/**
 * The ingest role's part of device identity on NATS (docs/decisions/nats-device-identity.md): the
 * relay of the devices' last wills into the stream (./will-relay.ts); the count of the logins
 * nats-server refused, in the counter the embedded broker's refusals use, and of the devices it let
 * in with a client id not their own (./device-auth-errors.ts, docs/device-protocol.md §10). Returns
 * the stop function.
 */
import type { NatsConfig } from '../../config.ts';
import type { IngestContainer } from '../ingest-jobs.ts';
import { watchNatsAuthErrors } from './device-auth-errors.ts';
import { startWillRelay } from './will-relay.ts';

export async function startNatsDeviceIdentity(
  c: IngestContainer,
  nats: NatsConfig,
): Promise<() => Promise<void>> {
  const { tokenSecret } = c.config;
  const stopRelay = await startWillRelay({
    servers: nats.servers,
    tokenSecret,
    partitions: nats.partitions,
    log: c.log,
  });
  const stopWatch = await watchNatsAuthErrors({
    servers: nats.servers,
    tokenSecret,
    log: c.log,
    onRefused: () => {
      c.ingestMetrics.brokerAuthFailures += 1;
    },
    onForeignClientId: () => {
      c.ingestMetrics.clientIdViolations += 1;
    },
  });
  return async () => {
    await stopWatch();
    await stopRelay();
  };
}
