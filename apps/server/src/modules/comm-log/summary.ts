import type { CommDirection, CommSummary } from '@heliograph/shared';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v.slice(0, 64) : undefined);
const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * What a message carried, in a few facts (the web words them in the reader's language): telemetry — readings
 * and devices; event — code, state and device; command — type and device; result — command id and status;
 * status — online or offline; batch ack — batch id and status. A payload that is not JSON is `invalid`, one on
 * a channel without a decoder (or not shaped as its channel says) `other`. Pure: no I/O, never throws.
 */
export function summarise(direction: CommDirection, channel: string, payload: string): CommSummary {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { kind: 'invalid' };
  }
  const o = record(json);
  if (!o) return { kind: 'other' };
  const key = `${direction} ${channel}`;
  switch (key) {
    case 'up up/telemetry': {
      const samples = Array.isArray(o['samples']) ? o['samples'] : [];
      const devices = new Set(samples.map((s) => text(record(s)?.['device'])).filter((d) => d !== undefined));
      return { kind: 'telemetry', samples: samples.length, devices: devices.size, ref: text(o['id']) };
    }
    case 'up up/event':
      return {
        kind: 'event',
        code: text(o['code']),
        state: text(o['state']),
        device: text(o['device']),
        ref: text(o['id']),
      };
    case 'up up/ack':
      return { kind: 'result', ref: text(o['cmdId']), state: text(o['status']) };
    case 'up status':
      return { kind: 'status', state: text(o['state']) };
    case 'down down/cmd':
      return { kind: 'command', type: text(o['type']), device: text(o['device']), ref: text(o['cmdId']) };
    case 'down down/ack':
      return { kind: 'batchAck', ref: text(o['id']), state: text(o['status']) };
    default:
      return { kind: 'other' };
  }
}

/** Drops undefined facts, so a stored summary holds only what the message said. */
export function compact(s: CommSummary): CommSummary {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as CommSummary;
}
