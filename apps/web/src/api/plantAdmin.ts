import {
  ERROR_CODES,
  type PlantCreateInput,
  type PlantEditInput,
  type PlantTransferInput,
  type ShareLevel,
} from '@heliograph/shared';
import { call } from './call';

/**
 * Creating and managing plants (spec §7 "Plants": POST plant, plant/{id}, info, income, contacts, delete,
 * gateway, share, cancelShare, getShareUsers, transfer; gateways/check; dict/*), with the bodies of
 * packages/shared/src/plant-input.ts and the answers of packages/shared/src/contracts/plant-admin.ts.
 */

/** Who decides whether a gateway assigned to a customer needs confirming: the coming or current owner. */
export type GatewayCheckContext = { ownerAccount?: string } | { plantId: string };

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
  create: (body: PlantCreateInput) => call('POST /plant', { body }, { tolerate: FORM_CODES }),
  detail: (id: string) => call('GET /plant/:id/info', { params: { id } }),
  save: (id: string, body: PlantEditInput) =>
    call('POST /plant/:id', { params: { id }, body }, { tolerate: FORM_CODES }),
  remove: (id: string) => call('POST /plant/:id/delete', { params: { id } }),
  picture: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST /plant/:id/picture', { params: { id }, form });
  },
  checkGateway: (sn: string, key: string, confirm: boolean, context: GatewayCheckContext) =>
    call(
      'POST /gateways/check',
      { body: { sn, key, ...context, ...(confirm ? { confirm } : {}) } },
      { tolerate: [...GATEWAY_FIELD_CODES, ERROR_CODES.validation] },
    ),
  bindGateway: (id: string, sn: string, key: string, confirm?: boolean) =>
    call(
      'POST /plant/:id/gateway',
      { params: { id }, body: { action: 'bind', sn, key, ...(confirm ? { confirm } : {}) } },
      { tolerate: [...GATEWAY_FIELD_CODES, ERROR_CODES.validation] },
    ),
  unbindGateway: (id: string, sn: string) =>
    call('POST /plant/:id/gateway', { params: { id }, body: { action: 'unbind', sn } }),
  shareUsers: (id: string) => call('GET /plant/:id/getShareUsers', { params: { id } }),
  share: (id: string, account: string, level: ShareLevel) =>
    call('POST /plant/:id/share', { params: { id }, body: { account, level } }, { tolerate: SHARE_FIELD_CODES }),
  cancelShare: (id: string, account: string) =>
    call('POST /plant/:id/cancelShare', { params: { id }, body: { account } }),
  transfer: (id: string, body: PlantTransferInput) =>
    call(
      'POST /plant/:id/transfer',
      { params: { id }, body },
      {
        tolerate: [ERROR_CODES.validation, ERROR_CODES.oldPasswordWrong, ERROR_CODES.accountNotRegistered],
      },
    ),
};

export const plantAdminKeys = {
  detail: (id: string) => ['plant', id, 'detail'] as const,
  shares: (id: string) => ['plant', id, 'shares'] as const,
};
