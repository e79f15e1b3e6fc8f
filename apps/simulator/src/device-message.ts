/** Turns a site output into the MQTT topic and payload of the device protocol. */
import type { DeviceTopicKind } from '@towerwatch/contract';
import { deviceMessageSchemas, deviceTopic } from '@towerwatch/contract';
import type { SiteOutput } from './site-state.ts';

export interface DeviceMessage {
  topic: string;
  kind: DeviceTopicKind;
  payload: Record<string, unknown>;
  retain: boolean;
}

/**
 * Message ids: `{com_id}-{boot}-{counter}`. The boot part (start time, base 36) keeps ids unique
 * across simulator restarts, because the server de-duplicates on (com_id, msg_id).
 */
export function createMsgIdSource(comId: string, boot: number): () => string {
  let counter = 0;
  const bootPart = boot.toString(36);
  return () => `${comId}-${bootPart}-${++counter}`;
}

/** Builds the message; with `validate`, checks it against the contract schema and throws if invalid. */
export function toDeviceMessage(
  comId: string,
  output: SiteOutput,
  nextMsgId: () => string,
  ts: number,
  validate = true,
): DeviceMessage {
  let kind: DeviceTopicKind;
  let raw = false;
  let payload: Record<string, unknown>;
  switch (output.kind) {
    case 'pins':
      kind = 'pins';
      payload = { msg_id: nextMsgId(), ts, readings: output.readings };
      break;
    case 'events': {
      kind = 'events';
      const { kind: _k, ...rest } = output;
      payload = { msg_id: nextMsgId(), ts, ...rest };
      break;
    }
    case 'access': {
      kind = 'access';
      const { kind: _k, ...rest } = output;
      payload = { msg_id: nextMsgId(), ts, ...rest };
      break;
    }
    case 'oem':
      kind = 'oem';
      payload = { msg_id: nextMsgId(), ts, ...output.record };
      break;
    case 'status':
      kind = 'status';
      payload = {
        online: output.online,
        ts,
        fw: '2.4.1',
        ...(output.service ? { service: output.service } : {}),
        ...(output.accessListVersion !== undefined ? { access_list_version: output.accessListVersion } : {}),
      };
      break;
    case 'raw':
      kind = output.topic;
      payload = { msg_id: nextMsgId(), ts, ...output.payload };
      raw = true;
      break;
    case 'cmd/ack': {
      kind = 'cmd/ack';
      const { kind: _k, ...rest } = output;
      payload = { ...rest, ts };
      break;
    }
  }
  if (validate && !raw) {
    const result = deviceMessageSchemas[kind].safeParse(payload);
    if (!result.success) {
      throw new Error(`simulator built an invalid ${kind} message: ${result.error.issues[0]?.message ?? ''}`);
    }
  }
  return { topic: deviceTopic(comId, kind), kind, payload, retain: kind === 'status' };
}
