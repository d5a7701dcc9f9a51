import { INVERTER_KINDS, PLANT_TYPES, SHARE_LEVELS, gatewayBindingSchema } from '@heliograph/shared';
import { z } from 'zod';

export const plantIdParams = z.object({ id: z.string().max(64) });

export const checkedGateway = z.object({
  sn: z.string(),
  devices: z.array(z.object({ sn: z.string(), kind: z.string(), model: z.string() })),
});

export const gatewayCheckBody = gatewayBindingSchema.extend({
  /** The owner the plant will have (wizard): a gateway assigned to this customer needs no confirmation. */
  ownerAccount: z.string().max(254).optional(),
  /** The plant it will be bound to (editor): its owner decides the same. */
  plantId: z.string().max(64).optional(),
});

const person = z.object({ id: z.string(), account: z.string(), nickname: z.string() }).nullable();

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
    method: z.string(),
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
  picture: z.string().nullable(),
  owner: person,
  creator: person,
  installer: person,
  gateways: z.array(
    z.object({ sn: z.string(), alias: z.string().nullable(), online: z.boolean(), devices: z.number() }),
  ),
  rights: z.object({ edit: z.boolean(), delete: z.boolean(), share: z.boolean(), transfer: z.boolean() }),
});

export const shareUser = z.object({
  account: z.string(),
  nickname: z.string(),
  level: z.enum(SHARE_LEVELS),
  since: z.number(),
});
