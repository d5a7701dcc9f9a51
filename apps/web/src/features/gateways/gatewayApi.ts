import { ERROR_CODES } from '@heliograph/shared';
import { api, request } from '../../api/client';
import type { CommandOutcome } from '../device-common/commandApi';
import type { ImportAnswer } from '../device-common/importAnswer';

/** Gateway calls (apps/server/src/modules/gateways/routes.ts, spec §7 "Gateways"). */

export const GATEWAY_STATUSES = ['online', 'offline', 'locked', 'unbound'] as const;

export interface GatewayRow {
  id: string;
  sn: string;
  alias: string | null;
  plantId: string | null;
  plantName: string | null;
  online: boolean;
  locked: boolean;
  commType: string;
  rssi: number | null;
  uploadIntervalS: number;
  firmware: string | null;
  deviceCount: number;
  lastSeen: number | null;
}

export interface GatewayDevice {
  sn: string;
  kind: string;
  model: string;
  alias: string | null;
  status: string;
  lastSeen: number | null;
}

export interface GatewayInfo extends GatewayRow {
  customerAccount: string | null;
  /** Absent for roles that may not import or bind gateways (owners, guests). */
  registrationKey?: string;
  protocol: string | null;
  hardwareVersion: string | null;
  iccid: string | null;
  serverAddress: string | null;
  serverPort: number | null;
  meshCheck: boolean;
  batteryType: string | null;
  boundAt: number | null;
  createdAt: number;
  devices: GatewayDevice[];
}

export interface GatewayListQuery {
  page: number;
  size: number;
  q?: string | undefined;
  status?: string | undefined;
  plantId?: string | undefined;
}

const enc = encodeURIComponent;
const V1 = '/api/v1';
export const LIST_PATH = '/device/gateway';
export const COMM_SETTING_PATH = '/device/comm-setting';
export const gatewayPath = (sn: string) => `${LIST_PATH}/${enc(sn)}`;
export const gatewayKeys = {
  all: ['gateway'] as const,
  list: (q: GatewayListQuery) => ['gateway', 'list', q] as const,
  detail: (sn: string) => ['gateway', 'detail', sn] as const,
};

/** Codes a form shows on its own fields (validation) instead of a toast. */
const FORM = { tolerate: [ERROR_CODES.validation] } as const;

function one(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

export const gatewayApi = {
  list: (q: GatewayListQuery) =>
    api.get<{ total: number; rows: GatewayRow[]; counts: Record<string, number> }>(`${V1}/gateways`, {
      page: q.page,
      size: q.size,
      q: q.q,
      status: q.status,
      plantId: q.plantId,
    }),
  /** "Does not exist" is told by the page itself, not as a toast as well. */
  info: (sn: string) =>
    api.get<GatewayInfo>(`${V1}/gateway/${enc(sn)}`, undefined, { tolerate: [ERROR_CODES.notFound] }),
  setAlias: (sn: string, alias: string) => api.post<null>(`${V1}/gateway/${enc(sn)}/alias`, { alias }, FORM),
  restart: (sn: string) => api.post<CommandOutcome>(`${V1}/gateway/${enc(sn)}/restart`),
  unbind: (sn: string) => api.post<null>(`${V1}/gateway/${enc(sn)}/unbind`),
  lock: (sn: string, locked: boolean) => api.post<null>(`${V1}/gateway/${enc(sn)}/lock`, { locked }),
  readUploadCycle: (sn: string) => api.get<{ seconds: number }>(`${V1}/gateway/${enc(sn)}/uploadCycle`),
  setUploadCycle: (sn: string, seconds: number) =>
    api.post<CommandOutcome>(`${V1}/gateway/${enc(sn)}/uploadCycle`, { seconds }),
  readMeshCheck: (sn: string) => api.get<{ enabled: boolean }>(`${V1}/gateway/${enc(sn)}/meshCheck/read`),
  setMeshCheck: (sn: string, enabled: boolean) =>
    api.post<CommandOutcome>(`${V1}/gateway/${enc(sn)}/meshCheck/set`, { enabled }),
  setConnPassword: (sn: string, password: string) =>
    api.post<null>(`${V1}/gateway/${enc(sn)}/connPassword`, { password }, FORM),
  importOne: (body: { sn: string; registrationKey: string; password: string }) =>
    api.post<ImportAnswer>(`${V1}/gateways/import`, body, FORM),
  checkImport: (file: File) =>
    request<ImportAnswer>(`${V1}/gateways/import/check`, { method: 'POST', form: one(file) }),
  importBatch: (file: File) =>
    request<ImportAnswer>(`${V1}/gateways/import/batch`, { method: 'POST', form: one(file) }),
};
