import { z } from 'zod';
import { DEVICE_STATUSES } from '../plant.js';

/**
 * Field blocks that many answers' rows share, spread into their objects where the fields stand (an answer's
 * field order is its bytes' order, so a block is only used where its fields stand together in that order).
 */

/** Readings by parameter key; null where the device did not report one. */
export const metricsShape = z.record(z.string(), z.number().nullable());

/** The plant a device, gateway or event belongs to; null for one not bound to a plant. */
export const plantRef = {
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
};

/** What a device is, as rows that list devices of several kinds name it. */
export const deviceNaming = {
  sn: z.string(),
  kind: z.string(),
  model: z.string(),
  alias: z.string().nullable(),
};

/** A device's state and latest readings. */
export const deviceLive = {
  status: z.enum(DEVICE_STATUSES),
  lastSeen: z.number().nullable(),
  metrics: metricsShape,
};

/** The energies of a period by where they went, kWh (a plant's and a device's energy answers). */
export const energyFlows = {
  pv: z.number(),
  purchase: z.number(),
  feedIn: z.number(),
  charge: z.number(),
  discharge: z.number(),
  load: z.number(),
};

/** One event as every event list shows it (the device's and the plant's lists add where it came from). */
export const deviceEvent = z.object({
  id: z.string(),
  code: z.string(),
  level: z.string(),
  message: z.string().nullable(),
  raisedAt: z.number(),
  clearedAt: z.number().nullable(),
});
