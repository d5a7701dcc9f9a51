import { and, eq, isNull, lte } from 'drizzle-orm';
import { eventSchema, type GatewayEvent } from '@heliograph/shared';
import { deviceEvent } from '../../db/schema.js';
import type { QueuedChannel } from '../ingest/channel.js';
import type { DeviceInfo } from '../telemetry/registry.js';
import type { WriterTx } from '../telemetry/writer.js';
import { enqueueEventJobs } from '../notifications/enqueue.js';

/**
 * up/event: an alarm or fault raised or cleared on one of the gateway's devices. Written in the writer's
 * transaction with the readings of the same flush, and acknowledged once that commits.
 */
export const eventChannel: QueuedChannel = async (gw, json, kit) => {
  const ev = eventSchema.safeParse(json);
  if (!ev.success) {
    await kit.reject(ev.error.message, json);
    return undefined;
  }
  const event = ev.data;
  const owner = gw.devices.has(event.device) ? gw : ((await kit.reload()) ?? gw);
  const dev = owner.devices.get(event.device);
  if (!dev) {
    // Like a batch of only other gateways' readings: kept, then rejected (protocol §Acknowledgement, 4).
    await kit.deadLetter('device not of this gateway', JSON.stringify(event));
    kit.ack({ id: event.id, status: 'rejected', reason: `devices not of this gateway: ${event.device}` });
    return undefined;
  }
  return {
    gw: owner,
    id: event.id,
    samples: [],
    write: (tx) => recordEvent(tx, owner.id, dev, event),
    kept: event,
    label: 'event',
  };
};

/**
 * Raised events are stored once (by the gateway's event id); a clear closes the open event of that code.
 * Answers the plant whose figures changed.
 */
async function recordEvent(tx: WriterTx, gatewayId: string, dev: DeviceInfo, ev: GatewayEvent): Promise<string | null> {
  const at = new Date(ev.ts);
  if (ev.state === 'raised') {
    const opened = await tx
      .insert(deviceEvent)
      .values({
        gatewayId,
        gatewayEventId: ev.id,
        deviceId: dev.id,
        plantId: dev.plantId,
        code: ev.code,
        level: ev.level,
        message: ev.message,
        raisedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: deviceEvent.id });
    // Only an event stored now is news: a replay of one already stored notifies nobody again.
    await enqueueEventJobs(
      tx,
      'open',
      opened.map((r) => r.id),
    );
  } else {
    const closed = await tx
      .update(deviceEvent)
      .set({ clearedAt: at })
      .where(
        and(
          eq(deviceEvent.deviceId, dev.id),
          eq(deviceEvent.code, ev.code),
          isNull(deviceEvent.clearedAt),
          lte(deviceEvent.raisedAt, at),
        ),
      )
      .returning({ id: deviceEvent.id });
    await enqueueEventJobs(
      tx,
      'close',
      closed.map((r) => r.id),
    );
  }
  return dev.plantId;
}
