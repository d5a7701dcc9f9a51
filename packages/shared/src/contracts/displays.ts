import { z } from 'zod';
import { DEVICE_STATUSES } from '../plant.js';
import type { PermissionKey } from '../permissions.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Large-screen displays and read-only view links (issue 16 points 4 and 5; spec §2.2 large-screen/*, §2.3
 * "three styles … 1920x1080", §7 fullscreen/*). The spec names the family, not the calls: these are the
 * console's own.
 */
export const DISPLAY_STYLES = ['single', 'spliced', 'multipage'] as const;
export type DisplayStyle = (typeof DISPLAY_STYLES)[number];

/**
 * The permission that opens a display of each style with an account (spec §2.2: /large-screen/multione,
 * the single page, needs full.screen.single.page; /large-screen/multitwo, the spliced one, splicing.screen).
 * The multi-page style is shown by the single-page route. A display link needs none: it is its own grant.
 */
export const DISPLAY_STYLE_PERMISSION = {
  single: 'full.screen.single.page',
  spliced: 'splicing.screen',
  multipage: 'full.screen.single.page',
} as const satisfies Record<DisplayStyle, PermissionKey>;

/** The pages the multi-page style can rotate through, in the order the display lists them. */
export const DISPLAY_PAGES = ['overview', 'map', 'ranking', 'alarms'] as const;
export type DisplayPage = (typeof DISPLAY_PAGES)[number];

export const DISPLAY_LIMITS = {
  nameMax: 60,
  /** Listed plants; more than this is a display of all the company's plants. */
  plantsMax: 1000,
  gridMax: 6,
  pageSecondsMin: 5,
  pageSecondsMax: 600,
  /** The map and the answer carry at most this many plants (issue 16: 10,000 plants). */
  mapPlantsMax: 10_000,
  top: 10,
  alarms: 10,
} as const;

/** The stage every style is drawn on, then scaled to the screen (spec §9 large screen 1920×1080). */
export const DISPLAY_STAGE = { width: 1920, height: 1080 } as const;

/** A read-only link's token starts with this, so the server knows which kind of token it is without a query. */
export const VIEW_LINK_PREFIX = 'hgl_';

export const viewLinkInfo = z.object({ id: z.string(), createdAt: z.number() });

export const display = z.object({
  id: z.string(),
  name: z.string(),
  style: z.enum(DISPLAY_STYLES),
  allPlants: z.boolean(),
  /** Listed plants (empty when allPlants, and for a display link), by name. */
  plants: z.array(z.object({ id: z.string(), name: z.string() })),
  /** How many plants the display shows now. */
  plantCount: z.number().int(),
  rows: z.number().int(),
  cols: z.number().int(),
  pages: z.array(z.enum(DISPLAY_PAGES)),
  pageSeconds: z.number().int(),
  /** The public logo URL (GET anonymous/logo/:id), or null: the company's. */
  logoUrl: z.string().nullable(),
  /** The display link in force (its token was shown once), or null. */
  link: viewLinkInfo.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Display = z.infer<typeof display>;

export const displayBody = z
  .object({
    name: z.string().trim().min(1).max(DISPLAY_LIMITS.nameMax),
    style: z.enum(DISPLAY_STYLES),
    allPlants: z.boolean(),
    plantIds: z.array(z.uuid()).max(DISPLAY_LIMITS.plantsMax).default([]),
    rows: z.number().int().min(1).max(DISPLAY_LIMITS.gridMax).default(1),
    cols: z.number().int().min(1).max(DISPLAY_LIMITS.gridMax).default(1),
    pages: z
      .array(z.enum(DISPLAY_PAGES))
      .max(DISPLAY_PAGES.length)
      .default([...DISPLAY_PAGES]),
    pageSeconds: z.number().int().min(DISPLAY_LIMITS.pageSecondsMin).max(DISPLAY_LIMITS.pageSecondsMax).default(20),
  })
  .refine((b) => b.allPlants || b.plantIds.length > 0, { path: ['plantIds'], message: 'required' })
  .refine((b) => b.style !== 'multipage' || b.pages.length > 0, { path: ['pages'], message: 'required' });
export type DisplayInput = z.input<typeof displayBody>;

export const displayListQuery = z.object({ ...pageQuery, keyword: z.string().trim().max(60).optional() });
export type DisplayListQuery = z.input<typeof displayListQuery>;

/** The token, shown once: only its hash is kept. */
export const viewLinkToken = z.object({ token: z.string(), link: viewLinkInfo });
export type ViewLinkToken = z.infer<typeof viewLinkToken>;

export const currencyAmount = z.object({ currency: z.string(), amount: z.number() });

/** What the live stream sends every few seconds, and the data call starts from. */
export const displayTotals = z.object({
  at: z.number(),
  plants: z.number().int(),
  capacityKw: z.number(),
  /** Current PV power of the plants that report (offline plants count nothing). */
  powerW: z.number(),
  todayKwh: z.number(),
  totalKwh: z.number(),
  /** Per currency: plants may earn in different ones. */
  todayIncome: z.array(currencyAmount),
  /** CO₂ avoided by the total generation (CO2_KG_PER_KWH). */
  co2Tonnes: z.number(),
  status: z.object(
    Object.fromEntries(DEVICE_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof DEVICE_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  openAlarms: z.number().int(),
});
export type DisplayTotals = z.infer<typeof displayTotals>;

export const displayPlant = z.object({
  id: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(DEVICE_STATUSES),
  capacityKw: z.number(),
  powerW: z.number().nullable(),
  todayKwh: z.number(),
});
export type DisplayPlant = z.infer<typeof displayPlant>;

export const displayAlarm = z.object({
  id: z.string(),
  plantName: z.string(),
  deviceSn: z.string(),
  code: z.string(),
  level: z.string(),
  message: z.string().nullable(),
  raisedAt: z.number(),
});

export const displayData = z.object({
  display: display.omit({ link: true, plants: true }),
  totals: displayTotals,
  /** This calendar year (each plant's own) to date. */
  yearKwh: z.number(),
  /** Fleet PV power of the last 24 hours, 5-minute buckets, oldest first. */
  curve: z.array(z.object({ ts: z.number(), w: z.number() })),
  /** At most DISPLAY_LIMITS.mapPlantsMax, for the map. */
  plants: z.array(displayPlant),
  /** Top plants by today's specific yield (kWh/kWp). */
  top: z.array(
    z.object({ id: z.string(), name: z.string(), capacityKw: z.number(), todayKwh: z.number(), yield: z.number() }),
  ),
  /** The newest open alarms. */
  alarms: z.array(displayAlarm),
});
export type DisplayData = z.infer<typeof displayData>;

/**
 * Public embed views (spec §2.1): a plant's read-only link for another site — its energy flow (kind plant,
 * /plantFlow), its panel layout (kind layout, /plantLayout) or one inverter's flow (kind device, /deviceFlow).
 */
export const EMBED_KINDS = ['plant', 'layout', 'device'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export const embedBody = z
  .object({
    kind: z.enum(EMBED_KINDS),
    plantId: z.uuid(),
    /** Kind device: the inverter's serial number (an inverter of the plant). */
    sn: z.string().trim().min(1).max(64).optional(),
  })
  .refine((b) => b.kind !== 'device' || !!b.sn, { path: ['sn'], message: 'required' });
export type EmbedInput = z.input<typeof embedBody>;

export const embedLink = z.object({
  id: z.string(),
  kind: z.enum(EMBED_KINDS),
  plantId: z.string(),
  sn: z.string().nullable(),
  createdAt: z.number(),
});
export type EmbedLink = z.infer<typeof embedLink>;

export const displayContracts = contracts({
  'GET /fullscreen/list': { query: displayListQuery, answer: pageOf(display) },
  'POST /fullscreen/add': { body: displayBody, answer: display },
  'GET /fullscreen/display/:id': { answer: display },
  'POST /fullscreen/display/:id': { body: displayBody, answer: display },
  'POST /fullscreen/display/:id/delete': { answer: emptyAnswer },
  /** Multipart "file": JPG or PNG, 220×58 or 58×58 (spec §9), at most 300 KB. */
  'POST /fullscreen/display/:id/logo': { answer: display },
  'POST /fullscreen/display/:id/logo/delete': { answer: display },
  /** A new display link; the one before stops working. */
  'POST /fullscreen/display/:id/link': { answer: viewLinkToken },
  'POST /fullscreen/display/:id/link/revoke': { answer: display },
  /** Also with the display's link. */
  'GET /fullscreen/display/:id/data': { answer: displayData },
  /** Server-sent events `totals` (DisplayTotals) every few seconds; also with the display's link. */
  'GET /fullscreen/display/:id/live': { answer: null },
  /** The plant's embed links in force (a user who may change the plant). */
  'GET /fullscreen/embeds': { query: z.object({ plantId: z.uuid() }), answer: z.array(embedLink) },
  /** A new embed link of a plant (token shown once). */
  'POST /fullscreen/embed': { body: embedBody, answer: viewLinkToken },
  'POST /fullscreen/embed/:id/revoke': { answer: emptyAnswer },
});
