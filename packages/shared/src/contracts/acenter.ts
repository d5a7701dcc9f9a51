import { z } from 'zod';
import type { FieldRule } from '../messages/index.js';
import { plantRef } from './fields.js';
import { pageOf, pageQuery } from './paging.js';
import { viewLinkInfo, viewLinkToken } from './displays.js';
import { contracts } from './route.js';

/**
 * The application centre (spec §2.2 acenter, §7 light/*, weather-station auth calls, smart/equips/list;
 * apps/server/src/modules/lights, modules/weather/accounts.ts, modules/lora/shares.ts).
 */

const rule = (r: FieldRule) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : r),
});

/** Bulb providers the console knows; `simulated` runs in process (demo, tests, no internet). */
export const LIGHT_PROVIDERS = ['simulated'] as const;
export type LightProviderKey = (typeof LIGHT_PROVIDERS)[number];

export const LIGHT_LIMITS = { brightnessMin: 0, brightnessMax: 100, aliasMax: 32 } as const;

/** Spec §5: brightness is a whole number from 0 to 100. */
// One refine rather than int/min/max: the API's error mapping names a too-big number "tooLong" whatever its
// message, and both the bulb page and the rules' light action must say "brightness".
export const brightnessSchema = z
  .number(rule('brightness'))
  .refine(
    (v) => Number.isInteger(v) && v >= LIGHT_LIMITS.brightnessMin && v <= LIGHT_LIMITS.brightnessMax,
    rule('brightness'),
  );

/** Whether a value is a brightness the console accepts (the slider and the server agree). */
export const isBrightness = (v: unknown): v is number => brightnessSchema.safeParse(v).success;

/** The company's provider account: whether linked, by whom and when. The token is never answered. */
export const lightAccountState = z.object({
  provider: z.enum(LIGHT_PROVIDERS),
  linked: z.boolean(),
  linkedBy: z.string().nullable(),
  linkedAt: z.number().nullable(),
});
export type LightAccountState = z.infer<typeof lightAccountState>;

/** A bulb of the linked account not bound to any plant yet. */
export const providerBulb = z.object({
  provider: z.enum(LIGHT_PROVIDERS),
  bulb: z.string(),
  name: z.string(),
  model: z.string(),
});
export type ProviderBulb = z.infer<typeof providerBulb>;

export const lightRow = z.object({
  id: z.string(),
  ...plantRef,
  provider: z.enum(LIGHT_PROVIDERS),
  bulb: z.string(),
  alias: z.string(),
  on: z.boolean(),
  brightness: z.number().int(),
  updatedAt: z.number(),
});
export type LightRow = z.infer<typeof lightRow>;

export const lightFilters = z.object({
  q: z.string().trim().max(64).optional(),
  plantId: z.uuid().optional(),
});

export const lightSetting = z.object({ on: z.boolean(rule('invalid')), brightness: brightnessSchema });
export type LightSetting = z.infer<typeof lightSetting>;

const aliasSchema = z
  .string(rule('required'))
  .trim()
  .min(1, rule('required'))
  .max(LIGHT_LIMITS.aliasMax, rule('tooLong'));

// ---- Weather-station accounts -------------------------------------------------------------------------------

/** Weather-station services a plant can be linked to; `simulated` runs in process. */
export const WEATHER_PROVIDERS = ['simulated'] as const;
export type WeatherProviderKey = (typeof WEATHER_PROVIDERS)[number];

/** What a failed connection test names. */
export const WEATHER_TEST_PROBLEMS = ['keyRejected', 'stationNotFound', 'unreachable'] as const;
export type WeatherTestProblem = (typeof WEATHER_TEST_PROBLEMS)[number];

/** A plant's station account: the key itself is never answered, only a masked hint. */
export const weatherLinkState = z.object({
  provider: z.enum(WEATHER_PROVIDERS),
  stationId: z.string(),
  hint: z.string(),
  linkedBy: z.string().nullable(),
  linkedAt: z.number(),
});
export type WeatherLinkState = z.infer<typeof weatherLinkState>;

export const weatherAuthRow = z.object({
  plantId: z.string(),
  plantName: z.string(),
  link: weatherLinkState.nullable(),
});
export type WeatherAuthRow = z.infer<typeof weatherAuthRow>;

export const weatherLinkBody = z.object({
  plantId: z.uuid(rule('invalid')),
  provider: z.enum(WEATHER_PROVIDERS, rule('invalid')),
  stationId: z.string(rule('required')).trim().min(1, rule('required')).max(64, rule('tooLong')),
  apiKey: z.string(rule('required')).trim().min(8, rule('weatherKey')).max(256, rule('tooLong')),
});
export type WeatherLinkBody = z.infer<typeof weatherLinkBody>;

export const weatherTestResult = z.object({
  ok: z.boolean(),
  problem: z.enum(WEATHER_TEST_PROBLEMS).nullable(),
  checkedAt: z.number(),
  /** A reading the station gave, when it answered. */
  reading: z.object({ irradiance: z.number().nullable(), tAmbient: z.number().nullable() }).nullable(),
});
export type WeatherTestResult = z.infer<typeof weatherTestResult>;

// ---- Smart equipment ------------------------------------------------------------------------------------------

export const EQUIP_KINDS = ['light', 'switch', 'lora', 'weather'] as const;
export type EquipKind = (typeof EQUIP_KINDS)[number];

/** One row of the application centre's device list: a bulb, an AC switch, a LoRa node or a weather station. */
export const smartEquip = z.object({
  kind: z.enum(EQUIP_KINDS),
  id: z.string(),
  /** The serial number (devices) or the provider's bulb id (lights). */
  sn: z.string(),
  name: z.string(),
  ...plantRef,
  /** online | offline | fault | warning for devices; on | off for lights. */
  status: z.string(),
  /** A LoRa child node's master. */
  parentSn: z.string().nullable(),
  /** A light's brightness, 0-100. */
  brightness: z.number().nullable(),
  lastSeen: z.number().nullable(),
});
export type SmartEquip = z.infer<typeof smartEquip>;

export const equipFilters = z.object({
  plantId: z.uuid().optional(),
  kind: z.enum(EQUIP_KINDS).optional(),
  q: z.string().trim().max(64).optional(),
});

// ---- LoRa realtime share links --------------------------------------------------------------------------------

/** The three public realtime views of a master node: all sub-nodes, its meters, its switches. */
export const LORA_REALTIME_VIEWS = ['all', 'meter', 'switch'] as const;
export type LoraRealtimeView = (typeof LORA_REALTIME_VIEWS)[number];

export const loraRealtimeNode = z.object({
  sn: z.string(),
  kind: z.string(),
  alias: z.string().nullable(),
  status: z.string(),
  lastSeen: z.number().nullable(),
  metrics: z.record(z.string(), z.number().nullable()),
});
export type LoraRealtimeNode = z.infer<typeof loraRealtimeNode>;

export const loraRealtime = z.object({
  master: z.object({
    sn: z.string(),
    alias: z.string().nullable(),
    plantName: z.string().nullable(),
    online: z.boolean(),
    rssi: z.number().nullable(),
    lastSeen: z.number().nullable(),
  }),
  nodes: z.array(loraRealtimeNode),
  at: z.number(),
});
export type LoraRealtime = z.infer<typeof loraRealtime>;

export const acenterContracts = contracts({
  'GET /light/account': {
    query: z.object({ provider: z.enum(LIGHT_PROVIDERS).default('simulated') }),
    answer: lightAccountState,
  },
  'POST /light/oauth': {
    body: z.object({ provider: z.enum(LIGHT_PROVIDERS, rule('invalid')) }),
    answer: z.object({ url: z.string() }),
  },
  'POST /light/oauth/callback': {
    body: z.object({
      provider: z.enum(LIGHT_PROVIDERS, rule('invalid')),
      code: z.string(rule('required')).min(1, rule('required')).max(512, rule('tooLong')),
      state: z.string(rule('required')).min(1, rule('required')).max(512, rule('tooLong')),
    }),
    answer: lightAccountState,
  },
  'POST /light/oauth/unlink': {
    body: z.object({ provider: z.enum(LIGHT_PROVIDERS, rule('invalid')) }),
    answer: z.null(),
  },
  'GET /light/devices': {
    query: z.object({ provider: z.enum(LIGHT_PROVIDERS).default('simulated') }),
    answer: z.array(providerBulb),
  },
  'POST /light/bind': {
    body: z.object({
      plantId: z.uuid(rule('invalid')),
      provider: z.enum(LIGHT_PROVIDERS, rule('invalid')),
      bulb: z.string(rule('required')).min(1, rule('required')).max(128, rule('tooLong')),
      alias: aliasSchema,
    }),
    answer: lightRow,
  },
  'POST /light/unbind/:id': { answer: z.null() },
  'POST /light/setting/:id': { body: lightSetting, answer: lightRow },
  'GET /light/list': { query: lightFilters.extend(pageQuery), answer: pageOf(lightRow) },
  'GET /weather/auth/list': {
    query: z.object({ q: z.string().trim().max(64).optional(), ...pageQuery }),
    answer: pageOf(weatherAuthRow),
  },
  'POST /weather/auth/link': { body: weatherLinkBody, answer: weatherLinkState },
  'POST /weather/auth/unlink': { body: z.object({ plantId: z.uuid(rule('invalid')) }), answer: z.null() },
  'POST /weather/auth/test': { body: z.object({ plantId: z.uuid(rule('invalid')) }), answer: weatherTestResult },
  'GET /smart/equips/list': { query: equipFilters.extend(pageQuery), answer: pageOf(smartEquip) },
  'GET /masterNode/:sn/shares': { answer: z.array(viewLinkInfo) },
  'POST /masterNode/:sn/share': { answer: viewLinkToken },
  'POST /masterNode/share/:id/revoke': { answer: z.null() },
  'GET /lora/realtime': {
    query: z.object({ view: z.enum(LORA_REALTIME_VIEWS).default('all') }),
    answer: loraRealtime,
  },
});
