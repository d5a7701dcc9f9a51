import { z } from 'zod';
import {
  logicalLayoutSchema,
  logicalNodeSchema,
  physicalLayoutSchema,
  physicalPanelSchema,
  type LayoutInverter,
} from '../layout.js';
import { contracts } from './route.js';

/** Panel layouts of spec §2.3 and §7 (apps/server/src/modules/layouts): plant/{id}/layout/{type} and the rest. */

export const physicalLayoutAnswer = z.object({
  panels: z.array(physicalPanelSchema),
  /** False while the plant still shows the generated default. */
  saved: z.boolean(),
  updatedAt: z.number().nullable(),
  /** Whether live per-panel power is available (micro-inverter panels). */
  micro: z.boolean(),
  inverters: z.array(
    z.object({
      sn: z.string(),
      micro: z.boolean(),
      inputs: z.number(),
      pvW: z.number(),
    }) satisfies z.ZodType<LayoutInverter>,
  ),
});
export type PhysicalLayoutAnswer = z.infer<typeof physicalLayoutAnswer>;

export const logicalLayoutAnswer = z.object({ collapsed: z.array(z.string()), saved: z.boolean() });
export type LogicalLayoutAnswer = z.infer<typeof logicalLayoutAnswer>;

export const microPanelPower = z.object({
  id: z.string(),
  inverterSn: z.string(),
  input: z.number(),
  powerW: z.number().nullable(),
  voltageV: z.number().nullable(),
  currentA: z.number().nullable(),
  efficiency: z.number().nullable(),
});
export type MicroPanelPower = z.infer<typeof microPanelPower>;

export const microPanelAnswer = z.object({ ts: z.number().nullable(), panels: z.array(microPanelPower) });
export type MicroPanelAnswer = z.infer<typeof microPanelAnswer>;

export const layoutContracts = contracts({
  // The same layout under both paths of spec §7 (plant/{id}/layout/physical and plant/{id}/physical/layout).
  'GET /plant/:id/layout/physical': { answer: physicalLayoutAnswer },
  'POST /plant/:id/layout/physical': { body: physicalLayoutSchema, answer: physicalLayoutAnswer },
  'GET /plant/:id/physical/layout': { answer: physicalLayoutAnswer },
  'POST /plant/:id/physical/layout': { body: physicalLayoutSchema, answer: physicalLayoutAnswer },
  'GET /plant/:id/layout/logical': { answer: logicalLayoutAnswer },
  'POST /plant/:id/layout/logical': { body: logicalLayoutSchema, answer: logicalLayoutAnswer },
  'GET /plant/:id/logical/layout/:period': { answer: z.array(logicalNodeSchema) },
  'GET /plant/:id/physical/layout/micro/panel': { answer: microPanelAnswer },
});
