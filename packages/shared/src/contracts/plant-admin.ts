import { z } from 'zod';
import { INVERTER_KINDS, PLANT_TYPES, VALUATION_METHODS } from '../plant.js';
import {
  SHARE_LEVELS,
  gatewayBindingSchema,
  plantCancelShareSchema,
  plantContactsSchema,
  plantCreateSchema,
  plantEditSchema,
  plantGatewaySchema,
  plantIncomeSchema,
  plantInfoSchema,
  plantShareSchema,
  plantTransferSchema,
} from '../plant-input.js';
import { contracts } from './route.js';

/**
 * Creating and managing plants (spec §7 "Plants", apps/server/src/modules/plant-admin): the wizard, the editor,
 * delete, gateways, sharing, transfer, the picture and the dictionaries the forms offer. The bodies are the
 * rules of packages/shared/src/plant-input.ts.
 */

export const checkedDevice = z.object({ sn: z.string(), kind: z.string(), model: z.string() });
export type CheckedDevice = z.infer<typeof checkedDevice>;

/** A gateway that may be bound (POST /gateways/check), with the devices it reports. */
export const checkedGateway = z.object({ sn: z.string(), devices: z.array(checkedDevice) });
export type CheckedGateway = z.infer<typeof checkedGateway>;

export const createdPlant = z.object({ id: z.string(), gateways: z.array(checkedGateway) });
export type CreatedPlant = z.infer<typeof createdPlant>;

export const gatewayCheckBody = gatewayBindingSchema.extend({
  /** The owner the plant will have (wizard): a gateway assigned to this customer needs no confirmation. */
  ownerAccount: z.string().max(254).optional(),
  /** The plant it will be bound to (editor): its owner decides the same. */
  plantId: z.string().max(64).optional(),
});

const plantPerson = z.object({ id: z.string(), account: z.string(), nickname: z.string() });
export type PlantPerson = z.infer<typeof plantPerson>;

export const plantGatewayRow = z.object({
  sn: z.string(),
  alias: z.string().nullable(),
  online: z.boolean(),
  /** How many devices report through it. */
  devices: z.number(),
});
export type PlantGatewayRow = z.infer<typeof plantGatewayRow>;

/** What the caller may do to one plant: the editor and the overview hide what is not allowed. */
export const plantRights = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  share: z.boolean(),
  transfer: z.boolean(),
});
export type PlantRights = z.infer<typeof plantRights>;

/** Everything the editor shows of one plant. */
export const plantDetail = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PLANT_TYPES),
  inverterKind: z.enum(INVERTER_KINDS),
  capacityKw: z.number(),
  commissionedOn: z.string(),
  timezone: z.string(),
  currency: z.string(),
  address: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  alias: z.string().nullable(),
  totalInvestment: z.number().nullable(),
  generationOffsetKwh: z.number(),
  settings: z.record(z.string(), z.unknown()),
  valuation: z.object({
    method: z.enum(VALUATION_METHODS),
    buyPrice: z.number(),
    sellPrice: z.number(),
    segments: z.array(z.object({ start: z.string(), end: z.string(), buy: z.number(), sell: z.number() })),
    buyVat: z.number(),
    sellVat: z.number(),
    buyFee: z.number(),
    sellFee: z.number(),
  }),
  contactName: z.string(),
  contactPhone: z.string(),
  /** Where GET /plant/{id}/picture serves it (needs the Bearer token), or null. */
  picture: z.string().nullable(),
  owner: plantPerson.nullable(),
  creator: plantPerson.nullable(),
  installer: plantPerson.nullable(),
  gateways: z.array(plantGatewayRow),
  rights: plantRights,
});
export type PlantDetail = z.infer<typeof plantDetail>;

export const shareUser = z.object({
  account: z.string(),
  nickname: z.string(),
  level: z.enum(SHARE_LEVELS),
  /** epoch ms */
  since: z.number(),
});
export type ShareUser = z.infer<typeof shareUser>;

export const storedPicture = z.object({ url: z.string(), type: z.string(), bytes: z.number() });

/** The answer of a change that has nothing to say but that it was made. */
const done = z.null();

export const plantAdminContracts = contracts({
  'POST /plant': { body: plantCreateSchema, answer: createdPlant },
  'GET /plant/:id/info': { answer: plantDetail },
  'POST /plant/:id': { body: plantEditSchema, answer: done },
  'POST /plant/:id/info': { body: plantInfoSchema, answer: done },
  'POST /plant/:id/income': { body: plantIncomeSchema, answer: done },
  'POST /plant/:id/contacts': { body: plantContactsSchema, answer: done },
  'POST /plant/:id/delete': { answer: done },
  'POST /plant/:id/gateway': { body: plantGatewaySchema, answer: checkedGateway.nullable() },
  'POST /gateways/check': { body: gatewayCheckBody, answer: checkedGateway },
  'POST /plant/:id/share': { body: plantShareSchema, answer: done },
  'POST /plant/:id/cancelShare': { body: plantCancelShareSchema, answer: done },
  'GET /plant/:id/getShareUsers': { answer: z.array(shareUser) },
  'POST /plant/:id/transfer': { body: plantTransferSchema, answer: done },
  /** Multipart, field "file" (the web sends a form). */
  'POST /plant/:id/picture': { answer: storedPicture },
  /** The picture itself, an image. */
  'GET /plant/:id/picture': { answer: null },
  'GET /dict/currencies': { answer: z.array(z.object({ code: z.string(), name: z.string() })) },
  'GET /dict/timezones': { answer: z.array(z.object({ id: z.string(), offsetMinutes: z.number() })) },
  'GET /dict/plantTypes': { answer: z.array(z.object({ value: z.enum(PLANT_TYPES), route: z.number() })) },
  'GET /dict/inverterEquipTypes': { answer: z.array(z.object({ value: z.enum(INVERTER_KINDS) })) },
  'GET /dict/protocols': { answer: z.array(z.object({ value: z.string(), settings: z.boolean() })) },
});
