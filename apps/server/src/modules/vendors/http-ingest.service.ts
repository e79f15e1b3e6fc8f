/**
 * HTTP ingest (docs/device-protocol.md "HTTP ingest"): a vendor pushes the MQTT payloads of its own
 * devices with an API token. Each message goes to the same ingest pipeline as over MQTT (topic
 * `tw/v1/dev/{com_id}/{kind}`), in the order sent, and is answered once committed; de-duplication by
 * (com_id, msg_id) is the pipeline's. Messages for unknown devices, another vendor's devices, devices of
 * a company the vendor does not serve (docs/requirements.md#device-vendors) and bad payloads are
 * refused, counted on the token and in the ingest metrics, and the rest go on. The pipeline holds each
 * device to the device protocol's message rate by the messages' own `ts` (docs/device-protocol.md §9):
 * the excess is refused as `rate_limited`.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  decodeDevicePayload,
  deviceTopic,
  type IngestMessagesBody,
  type IngestMessagesReply,
} from '@towerwatch/contract';
import { parseVendorToken, vendorServesCompany } from '@towerwatch/domain';
import type { Clock } from '../../clock.ts';
import { HttpError, UnauthorizedError } from '../../errors.ts';
import type { VendorsRepository } from './vendors.repository.ts';
import { hashTokenSecret } from './vendors.service.ts';

/** Why a message was refused (the ingest metrics' reasons). */
export type InboxRefusal =
  | 'unknown_device'
  | 'forbidden_topic'
  | 'too_large'
  | 'invalid_json'
  | 'invalid_payload';

/**
 * Where accepted messages go: the ingest role's pipeline when it runs in this process, or with
 * NATS_URL the device stream (apps/server/src/ingest/http-inbox.ts).
 */
export interface DeviceInbox {
  /** False when no ingest role runs in this process (and no device stream is attached). */
  available(): boolean;
  /**
   * Hands a message to the pipeline; resolves once it is settled: committed (undefined) or refused by
   * the pipeline (its reason, e.g. `rate_limited`). With NATS_URL: once the device stream has it
   * (undefined; the pipeline's refusals are counted by the partition's owner). Rejects when the
   * message could not be handed over.
   */
  deliver(topic: string, payload: string): Promise<string | undefined>;
  /** Counts a refusal in the ingest metrics and logs it. */
  refuse(reason: InboxRefusal, topic: string, comId: string, error: string): void;
}

const UNAVAILABLE = new HttpError(503, 'HTTP ingest is not served by this process (no ingest role)');
const NOT_STORED =
  'Not every message could be stored (the device stream did not acknowledge it); send the request again: what was stored is recognised by msg_id';

export function createHttpIngestService(deps: { repo: VendorsRepository; clock: Clock; inbox: DeviceInbox }) {
  async function vendorOf(
    authorization: string | undefined,
  ): Promise<{ tokenId: string; vendorUid: string }> {
    const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    const parsed = match?.[1] ? parseVendorToken(match[1]) : null;
    if (!parsed) throw new UnauthorizedError('Missing or malformed vendor API token');
    const row = await deps.repo.token(parsed.id);
    const given = Buffer.from(hashTokenSecret(parsed.secret), 'hex');
    const ok = row !== null && timingSafeEqual(given, Buffer.from(row.secret_hash, 'hex'));
    if (!row || !ok) throw new UnauthorizedError('Invalid vendor API token');
    if (row.revoked_at) throw new UnauthorizedError('The vendor API token was revoked');
    if (row.expires_at && row.expires_at <= deps.clock.now())
      throw new UnauthorizedError('The vendor API token has expired');
    return { tokenId: row.id, vendorUid: row.vendor_uid };
  }

  return {
    async ingest(authorization: string | undefined, body: IngestMessagesBody): Promise<IngestMessagesReply> {
      const { tokenId, vendorUid } = await vendorOf(authorization);
      if (!deps.inbox.available()) throw UNAVAILABLE;
      const vendors = await deps.repo.deviceVendors([...new Set(body.messages.map((m) => m.com_id))]);
      const refused: IngestMessagesReply['refused'] = [];
      const settled: Promise<void>[] = [];
      let refusedByPipeline = 0;
      for (const [index, m] of body.messages.entries()) {
        const topic = deviceTopic(m.com_id, m.kind);
        const payload = JSON.stringify(m.payload);
        const refuse = (reason: InboxRefusal, error: string) => {
          refused.push({ index, com_id: m.com_id, reason });
          deps.inbox.refuse(reason, topic, m.com_id, `http ingest: ${error}`);
        };
        const decoded = decodeDevicePayload(m.kind, payload);
        const device = vendors.get(m.com_id);
        if (!device) refuse('unknown_device', 'no such device');
        else if (device.vendor !== vendorUid) refuse('forbidden_topic', 'not a device of the vendor');
        else if (!vendorServesCompany(device.vendorCompanyId, device.companyId))
          refuse('forbidden_topic', "a device of another company than the vendor's");
        else if (!decoded.ok) refuse(decoded.reason, decoded.error);
        // Handed over in the order sent: the pipeline keeps a device's order.
        else
          settled.push(
            deps.inbox.deliver(topic, payload).then((reason) => {
              if (reason === undefined) return;
              refusedByPipeline += 1;
              refused.push({ index, com_id: m.com_id, reason });
            }),
          );
      }
      await Promise.all(settled).catch((err: unknown) => {
        throw new HttpError(503, `${NOT_STORED} (${(err as Error).message})`);
      });
      refused.sort((a, b) => a.index - b.index);
      const accepted = settled.length - refusedByPipeline;
      await deps.repo.countUse(tokenId, accepted, refused.length, deps.clock.now());
      return { accepted, refused };
    },
  };
}

export type HttpIngestService = ReturnType<typeof createHttpIngestService>;
