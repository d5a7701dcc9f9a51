import { z } from 'zod';
import { DEVICE_KINDS, EVENT_LEVELS } from '../gateway-protocol.js';
import { countsOf } from './counts.js';
import { deviceEvent, plantRef } from './fields.js';
import { pageQuery } from './paging.js';
import { contracts } from './route.js';

/** Filters of the event list and its export (spec §7 events). */
export const eventFilters = z.object({
  plantId: z.uuid().optional(),
  /** Part of a device's serial number or alias. */
  device: z.string().trim().max(64).optional(),
  kind: z.enum(DEVICE_KINDS).optional(),
  level: z.enum(EVENT_LEVELS).optional(),
  state: z.enum(['open', 'cleared']).optional(),
  /** Raised at or after / before, epoch ms. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  code: z.string().trim().max(32).optional(),
});
export type EventFilters = z.infer<typeof eventFilters>;

/** `level` is narrowed in place: extend keeps an overridden field where it stood. */
export const eventListRow = deviceEvent.extend({
  level: z.enum(EVENT_LEVELS),
  deviceSn: z.string(),
  deviceKind: z.string(),
  deviceAlias: z.string().nullable(),
  ...plantRef,
  timezone: z.string(),
  meaning: z.string().nullable(),
  solution: z.string().nullable(),
});
export type EventListRow = z.infer<typeof eventListRow>;

export const levelCounts = countsOf(['all', 'fault', 'warning', 'info']);
export type LevelCounts = z.infer<typeof levelCounts>;

export const eventPage = z.object({ total: z.number(), rows: z.array(eventListRow), counts: levelCounts });
export type EventPage = z.infer<typeof eventPage>;

export const eventContracts = contracts({
  'GET /events': { query: eventFilters.extend(pageQuery), answer: eventPage },
  'GET /events/count': { answer: levelCounts },
  'GET /events/download': { query: eventFilters, answer: null },
});
