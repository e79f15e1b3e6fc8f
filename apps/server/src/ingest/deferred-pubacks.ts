/**
 * PUBACK after commit for the server's subscription on an external broker (MQTT_URL).
 *
 * mqtt.js (5.x) acknowledges a QoS 1 message right after emitting it. Its hooks for a later
 * acknowledgement — `customHandleAcks` (MQTT 5 only) and `handleMessage` — run on the client's receive
 * loop: the next packet is read only once the previous message's PUBACK has been written
 * (node_modules/mqtt/build/lib/handlers/publish.js, client.js `work`), i.e. one message per commit.
 * So the client keeps its loop and this module takes the PUBACK away from it: the automatic PUBACK
 * is withheld (its write callback is called at once, so the loop goes on) and {@link DeferredPubacks.ack}
 * writes it when the message is settled (committed, or refused and counted).
 *
 * An acknowledgement belongs to the connection the message came on: after a disconnect the broker
 * redelivers every unacknowledged message of the persistent session (same packet id, DUP set), so an
 * acknowledgement for a message of an earlier connection is dropped — sending it on the new connection
 * could acknowledge another message that reused the packet id. Redelivered messages are de-duplicated
 * by ingest (`ingest_messages` claims) and acknowledged then.
 *
 * This relies on mqtt.js's internal `_sendPacket` (checked here at start; the tests of
 * deferred-pubacks.test.ts and bench/test/crash.test.ts pin the behaviour of the installed version).
 */
import type { MqttClient } from 'mqtt';

type SendPacket = (packet: { cmd: string; messageId?: number }, cb?: (err?: Error) => void) => void;

export interface DeferredPubacks {
  /**
   * The acknowledgement of a received QoS 1 message (its packet id), to call once it is settled.
   * Calling it after the connection it came on closed does nothing (the broker redelivers).
   */
  acker(messageId: number): () => void;
  /** Messages received on the current connection and not acknowledged yet. */
  pending(): number;
}

/** Installs the deferral on a client; call it before the client connects. */
export function deferPubacks(client: MqttClient): DeferredPubacks {
  const internal = client as unknown as { _sendPacket?: SendPacket };
  const sendPacket = internal._sendPacket;
  if (typeof sendPacket !== 'function') {
    throw new Error(
      'mqtt.js has no _sendPacket: acknowledgement after commit is not supported by this version',
    );
  }
  const send = sendPacket.bind(client);
  let connection = 0;
  const open = new Set<number>();
  client.on('close', () => {
    connection += 1;
    open.clear();
  });
  internal._sendPacket = (packet, cb) => {
    // mqtt.js's own PUBACK of a received message: withheld; the caller's loop continues.
    if (packet.cmd === 'puback') {
      cb?.();
      return;
    }
    send(packet, cb);
  };
  return {
    acker(messageId) {
      const on = connection;
      open.add(messageId);
      return () => {
        if (on !== connection || !open.delete(messageId) || !client.connected) return;
        send({ cmd: 'puback', messageId });
      };
    },
    pending: () => open.size,
  };
}
