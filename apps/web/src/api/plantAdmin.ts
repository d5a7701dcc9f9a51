import {
  ERROR_CODES,
  type PlantCreateInput,
  type PlantEditInput,
  type PlantSettings,
  type PlantType,
  type ShareLevel,
  type Valuation,
} from '@heliograph/shared';
import { api, request } from './client';

/**
 * Creating and managing plants (spec §7 "Plants": POST plant, plant/{id}, info, income, contacts, delete,
 * gateway, share, cancelShare, getShareUsers, transfer; gateways/check; dict/*), with the bodies of
 * packages/shared/src/plant-input.ts. The server module is apps/server/src/modules/plant-admin.
 */

/** What the caller may do to one plant: the editor and the overview hide what is not allowed. */
export interface PlantRights {
  edit: boolean;
  delete: boolean;
  share: boolean;
  transfer: boolean;
}

export interface PlantGatewayRow {
  sn: string;
  alias: string | null;
  online: boolean;
  /** How many devices report through it. */
  devices: number;
}

export interface PlantPerson {
  id: string;
  account: string;
  nickname: string;
}

/** Everything the editor shows of one plant. */
export interface PlantDetail {
  id: string;
  name: string;
  type: PlantType;
  inverterKind: string;
  capacityKw: number;
  commissionedOn: string;
  timezone: string;
  currency: string;
  address: string;
  country: string;
  latitude: number;
  longitude: number;
  alias: string | null;
  totalInvestment: number | null;
  generationOffsetKwh: number;
  settings: PlantSettings;
  valuation: Valuation;
  contactName: string;
  contactPhone: string;
  /** Where GET /plant/{id}/picture serves it (needs the Bearer token), or null. */
  picture: string | null;
  owner: PlantPerson | null;
  creator: PlantPerson | null;
  installer: PlantPerson | null;
  gateways: PlantGatewayRow[];
  rights: PlantRights;
}

export interface CheckedDevice {
  sn: string;
  kind: string;
  model: string;
}

/** A gateway that may be bound (POST /gateways/check), with the devices it reports. */
export interface CheckedGateway {
  sn: string;
  devices: CheckedDevice[];
}

/** Who decides whether a gateway assigned to a customer needs confirming: the coming or current owner. */
export type GatewayCheckContext = { ownerAccount?: string } | { plantId: string };

export interface ShareUser {
  account: string;
  nickname: string;
  level: ShareLevel;
  /** epoch ms */
  since: number;
}

export interface CreatedPlant {
  id: string;
  gateways: CheckedGateway[];
}

const V1 = '/api/v1';
const plant = (id: string) => `${V1}/plant/${encodeURIComponent(id)}`;

/** Codes a gateway check answers on the field itself rather than as a toast. */
export const GATEWAY_FIELD_CODES = [
  ERROR_CODES.gatewayKeyIncorrect,
  ERROR_CODES.gatewayUsed,
  ERROR_CODES.gatewayNotFound,
  ERROR_CODES.gatewayOtherCustomer,
] as const;

/** Codes a share answers on the account field. */
export const SHARE_FIELD_CODES = [
  ERROR_CODES.validation,
  ERROR_CODES.shareSelf,
  ERROR_CODES.shareCompanyUser,
  ERROR_CODES.shareCompanyPlant,
  ERROR_CODES.accountNotRegistered,
] as const;

// The form shows code-4 fields (and code 10 on the coordinates) on their inputs; no toast on top.
const FORM_CODES = [ERROR_CODES.validation, ERROR_CODES.coordinates];

export const plantAdminApi = {
  create: (body: PlantCreateInput) => api.post<CreatedPlant>(`${V1}/plant`, body, { tolerate: FORM_CODES }),
  detail: (id: string) => api.get<PlantDetail>(`${plant(id)}/info`),
  save: (id: string, body: PlantEditInput) => api.post<unknown>(plant(id), body, { tolerate: FORM_CODES }),
  remove: (id: string) => api.post<unknown>(`${plant(id)}/delete`),
  picture: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<{ url: string }>(`${plant(id)}/picture`, { method: 'POST', form });
  },
  checkGateway: (sn: string, key: string, confirm: boolean, context: GatewayCheckContext) =>
    api.post<CheckedGateway>(
      `${V1}/gateways/check`,
      { sn, key, ...context, ...(confirm ? { confirm } : {}) },
      { tolerate: [...GATEWAY_FIELD_CODES, ERROR_CODES.validation] },
    ),
  bindGateway: (id: string, sn: string, key: string, confirm?: boolean) =>
    api.post<unknown>(
      `${plant(id)}/gateway`,
      { action: 'bind', sn, key, ...(confirm ? { confirm } : {}) },
      { tolerate: [...GATEWAY_FIELD_CODES, ERROR_CODES.validation] },
    ),
  unbindGateway: (id: string, sn: string) => api.post<unknown>(`${plant(id)}/gateway`, { action: 'unbind', sn }),
  shareUsers: (id: string) => api.get<ShareUser[]>(`${plant(id)}/getShareUsers`),
  share: (id: string, account: string, level: ShareLevel) =>
    api.post<unknown>(`${plant(id)}/share`, { account, level }, { tolerate: SHARE_FIELD_CODES }),
  cancelShare: (id: string, account: string) => api.post<unknown>(`${plant(id)}/cancelShare`, { account }),
  transfer: (id: string, body: { account: string; keyId: string; password: string }) =>
    api.post<unknown>(`${plant(id)}/transfer`, body, {
      tolerate: [ERROR_CODES.validation, ERROR_CODES.oldPasswordWrong, ERROR_CODES.accountNotRegistered],
    }),
};

export const plantAdminKeys = {
  detail: (id: string) => ['plant', id, 'detail'] as const,
  shares: (id: string) => ['plant', id, 'shares'] as const,
};
