import { telemetryBatchSchema, type TelemetryBatch } from '@heliograph/shared';
import type { QueuedChannel } from '../ingest/channel.js';
import { decodeRaw, type Metrics } from './decode.js';
import type { GatewayInfo } from './registry.js';
import type { IncomingSample } from './writer.js';

/**
 * up/telemetry: a batch of readings. Each reading is matched to the gateway's device and decoded (raw
 * registers by the device's protocol); the readings go to the writer. Readings of devices that are not this
 * gateway's are kept as a dead letter (an operator can bind the device and replay them) and named in the
 * acknowledgement, so the gateway's installer sees the mistake.
 */
export const telemetryChannel: QueuedChannel = async (gw, json, kit) => {
  const batch = telemetryBatchSchema.safeParse(json);
  if (!batch.success) {
    await kit.reject(batch.error.message, json);
    return undefined;
  }
  const samples: IncomingSample[] = [];
  const unknown: TelemetryBatch['samples'] = [];
  let info: GatewayInfo = gw;
  for (const s of batch.data.samples) {
    let dev = info.devices.get(s.device);
    if (!dev) {
      // A device bound since the cache was filled: look again before calling it unknown.
      info = (await kit.reload()) ?? info;
      dev = info.devices.get(s.device);
    }
    if (!dev) {
      unknown.push(s);
      continue;
    }
    const metrics: Metrics = { ...(s.raw ? decodeRaw(dev.protocol, s.raw) : {}), ...(s.metrics ?? {}) };
    samples.push({ device: dev, plant: info.plant, ts: s.ts, metrics });
  }
  const accepted = { gw: info, id: batch.data.id, samples, kept: batch.data, label: 'telemetry' };
  if (unknown.length === 0) return accepted;
  const strangers = [...new Set(unknown.map((s) => s.device))];
  const reason = `devices not of this gateway: ${strangers.join(', ')}`.slice(0, 500);
  await kit.deadLetter('devices not of this gateway', JSON.stringify({ id: batch.data.id, samples: unknown }));
  if (samples.length === 0) {
    // Nothing of it can be stored as readings: rejected (protocol §Acknowledgement, 4), after the dead
    // letter is safely written.
    kit.ack({ id: batch.data.id, status: 'rejected', reason });
    return undefined;
  }
  // The readings of its own devices are committed and acknowledged as such, with the others named.
  return { ...accepted, note: reason };
};
