import { describe, expect, it } from 'vitest';
import {
  DEVICE_TOPIC_KINDS,
  deviceClientId,
  deviceMayPublish,
  deviceMaySubscribe,
  deviceMayUseClientId,
  deviceTopic,
  deviceTopicFilter,
  deviceTopics,
  ingestTopicFilters,
  parseDeviceTopic,
} from './topics.ts';

describe('device topics', () => {
  it('builds topics under tw/v1/dev/{com_id}/', () => {
    expect(deviceTopics.pins('RMS100001')).toBe('tw/v1/dev/RMS100001/pins');
    expect(deviceTopics.events('RMS100001')).toBe('tw/v1/dev/RMS100001/events');
    expect(deviceTopics.access('RMS100001')).toBe('tw/v1/dev/RMS100001/access');
    expect(deviceTopics.oem('RMS100001')).toBe('tw/v1/dev/RMS100001/oem');
    expect(deviceTopics.status('RMS100001')).toBe('tw/v1/dev/RMS100001/status');
    expect(deviceTopics.cmd('RMS100001')).toBe('tw/v1/dev/RMS100001/cmd');
    expect(deviceTopics.cmdAck('RMS100001')).toBe('tw/v1/dev/RMS100001/cmd/ack');
  });

  it('refuses com_ids that would break the topic tree', () => {
    for (const bad of ['', 'a/b', 'RMS+', 'RMS#', 'has space', 'x'.repeat(33)]) {
      expect(() => deviceTopic(bad, 'pins')).toThrow(/invalid com_id/);
    }
  });

  it('round-trips every kind through parseDeviceTopic', () => {
    for (const kind of DEVICE_TOPIC_KINDS) {
      expect(parseDeviceTopic(deviceTopic('RMS_2-x', kind))).toEqual({ comId: 'RMS_2-x', kind });
    }
  });

  it('parseDeviceTopic rejects foreign and malformed topics', () => {
    for (const topic of [
      'tw/v2/dev/RMS1/pins',
      'tw/v1/dev/RMS1',
      'tw/v1/dev//pins',
      'tw/v1/dev/RMS1/pins/extra',
      'tw/v1/dev/RMS1/unknown',
      'tw/v1/dev/RMS1/cmd/nack',
      'tw/v1/dev/+/pins',
      'other/tw/v1/dev/RMS1/pins',
      '',
    ]) {
      expect(parseDeviceTopic(topic)).toBeNull();
    }
  });

  it('builds subscription filters, shared or not', () => {
    expect(deviceTopicFilter('pins')).toBe('tw/v1/dev/+/pins');
    expect(deviceTopicFilter('cmd/ack', 'ingest')).toBe('$share/ingest/tw/v1/dev/+/cmd/ack');
    expect(ingestTopicFilters()).toEqual([
      'tw/v1/dev/+/pins',
      'tw/v1/dev/+/events',
      'tw/v1/dev/+/access',
      'tw/v1/dev/+/oem',
      'tw/v1/dev/+/status',
      'tw/v1/dev/+/cmd/ack',
    ]);
  });

  it('lets a device publish only device kinds under its own com_id', () => {
    expect(deviceMayPublish('RMS1', 'tw/v1/dev/RMS1/pins')).toBe(true);
    expect(deviceMayPublish('RMS1', 'tw/v1/dev/RMS1/cmd/ack')).toBe(true);
    expect(deviceMayPublish('RMS1', 'tw/v1/dev/RMS2/pins')).toBe(false);
    expect(deviceMayPublish('RMS1', 'tw/v1/dev/RMS1/cmd')).toBe(false);
    expect(deviceMayPublish('RMS1', 'tw/v1/dev/RMS1/pins/x')).toBe(false);
    expect(deviceMayPublish('RMS1', 'elsewhere')).toBe(false);
  });

  it('lets a device subscribe only to its own command topic', () => {
    expect(deviceMaySubscribe('RMS1', 'tw/v1/dev/RMS1/cmd')).toBe(true);
    expect(deviceMaySubscribe('RMS1', 'tw/v1/dev/RMS2/cmd')).toBe(false);
    expect(deviceMaySubscribe('RMS1', 'tw/v1/dev/+/cmd')).toBe(false);
    expect(deviceMaySubscribe('RMS1', 'tw/v1/dev/RMS1/#')).toBe(false);
  });

  it('ties a device client id to the com_id: `{com_id}` or `{com_id}:{suffix}`', () => {
    expect(deviceMayUseClientId('RMS1', 'RMS1')).toBe(true);
    expect(deviceMayUseClientId('RMS1', 'RMS1:scenario-1')).toBe(true);
    expect(deviceMayUseClientId('RMS1', 'RMS2')).toBe(false);
    // A com_id may contain '-': "RMS1-x" is another device's client id, never RMS1's.
    expect(deviceMayUseClientId('RMS1', 'RMS1-x')).toBe(false);
    expect(deviceMayUseClientId('RMS1', 'RMS1:')).toBe(false);
    expect(deviceMayUseClientId('RMS1', 'RMS1:a/b')).toBe(false);
    expect(deviceMayUseClientId('RMS1', 'RMS1:RMS2:x')).toBe(false);
    expect(deviceMayUseClientId('RMS1', '')).toBe(false);
    expect(deviceMayUseClientId('RMS1', `RMS1:${'a'.repeat(33)}`)).toBe(false);
    expect(deviceClientId('RMS1')).toBe('RMS1');
    expect(deviceClientId('RMS1', 'tool')).toBe('RMS1:tool');
    expect(() => deviceClientId('RMS1', 'a b')).toThrow();
  });
});
