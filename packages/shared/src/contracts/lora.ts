import { z } from 'zod';
import { deviceAliasSchema } from '../device-rules.js';
import { statusCounts } from './gateways.js';
import { deviceNaming, plantRef } from './fields.js';
import { pageQuery } from './paging.js';
import { contracts } from './route.js';

/** Lora master nodes and their child nodes (spec §7 "Lora"); the smart equipment list is in acenter.ts. */
export const LORA_STATUSES = ['online', 'offline'] as const;

export const loraFilters = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(LORA_STATUSES).optional(),
  plantId: z.uuid().optional(),
});
export type LoraFilters = z.infer<typeof loraFilters>;

export const loraNode = z.object({
  id: z.string(),
  ...deviceNaming,
  status: z.string(),
  /** Radio signal as the node last reported it, dBm. */
  rssi: z.number().nullable(),
  lastSeen: z.number().nullable(),
});
export type LoraNode = z.infer<typeof loraNode>;

export const loraMaster = loraNode.extend({
  ...plantRef,
  /** The plant's type, for the link to its overview (plants/overview/{id}/{type}). */
  plantType: z.string().nullable(),
  online: z.boolean(),
  firmId: z.string().nullable(),
  childCount: z.number(),
});
export type LoraMaster = z.infer<typeof loraMaster>;

export const loraPage = z.object({ total: z.number(), rows: z.array(loraMaster), counts: statusCounts });
export type LoraPage = z.infer<typeof loraPage>;

export const loraMasterDetail = loraMaster.extend({
  children: z.array(loraNode),
  /** The caller may rename or delete it (their permission and the plant's write scope). */
  writable: z.boolean(),
});
export type LoraMasterDetail = z.infer<typeof loraMasterDetail>;

export const loraContracts = contracts({
  'GET /masterNode/page': { query: loraFilters.extend(pageQuery), answer: loraPage },
  'GET /masterNode/download': { query: loraFilters, answer: null },
  'GET /masterNode/:sn': { answer: loraMasterDetail },
  'POST /masterNode/alias/:sn': { body: z.object({ alias: deviceAliasSchema }), answer: z.null() },
  'POST /masterNode/delete/:sn': { answer: z.null() },
});
