import { toMs } from '../../db/rows.js';

/** The columns of a device_event row every event list reads. */
export interface RawEvent<L extends string = string> {
  id: string;
  code: string;
  level: L;
  message: string | null;
  raised_at: unknown;
  cleared_at: unknown;
}

/** The part of an event every list shows (the inverter's, the plant's and the event page's). */
export function eventCore<L extends string>(r: RawEvent<L>) {
  return {
    id: r.id,
    code: r.code,
    level: r.level,
    message: r.message,
    raisedAt: toMs(r.raised_at),
    clearedAt: r.cleared_at ? toMs(r.cleared_at) : null,
  };
}
