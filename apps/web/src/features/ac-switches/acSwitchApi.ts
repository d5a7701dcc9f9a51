import { ERROR_CODES, type SocRule, type SwitchLimits, type TimingTask } from '@heliograph/shared';
import { api, request } from '../../api/client';
import type { CommandOutcome } from '../device-common/commandApi';
import type { ImportAnswer } from '../device-common/importAnswer';

/** Smart AC switch calls (apps/server/src/modules/ac-switches/routes.ts, spec §7 "Smart AC switches"). */

export const SWITCH_STATUSES = ['on', 'off', 'online', 'offline', 'unbound'] as const;
export type SwitchStatus = (typeof SWITCH_STATUSES)[number];

export interface SwitchRow {
  id: string;
  gatewayId: string;
  sn: string;
  alias: string | null;
  plantId: string | null;
  plantName: string | null;
  online: boolean;
  locked: boolean;
  on: boolean;
  /** Turned off at the switch itself: it cannot be turned on remotely (spec §4). */
  localOff: boolean;
  status: string;
  powerW: number | null;
  leakageMa: number | null;
  associatedUser: string | null;
  lastSeen: number | null;
}

export interface SwitchInfo extends SwitchRow {
  settings: {
    limits: SwitchLimits;
    timingTasks: TimingTask[];
    socRule: SocRule;
    reportMinutes: number;
    on: boolean;
    localOff: boolean;
    associatedUserId: string | null;
  };
  localAreaCode: string | null;
  serverAddress: string | null;
  serverPort: number | null;
  meshCheck: boolean;
  model: string;
  firmware: string | null;
}

export interface SwitchList {
  total: number;
  rows: SwitchRow[];
  counts: Record<string, number>;
}

export interface SwitchListQuery {
  page: number;
  size: number;
  q?: string | undefined;
  status?: string | undefined;
  plantId?: string | undefined;
}

export interface BatchOutcome {
  sn: string;
  status: string;
  error: string | null;
}

const enc = encodeURIComponent;
const V1 = '/api/v1/acSwitch';
export const LIST_PATH = '/device/acSwitch';
export const switchPath = (sn: string) => `${LIST_PATH}/${enc(sn)}`;
export const switchKeys = {
  all: ['acSwitch'] as const,
  list: (q: SwitchListQuery) => ['acSwitch', 'list', q] as const,
  detail: (sn: string) => ['acSwitch', 'detail', sn] as const,
};

/** Codes a form shows on its own fields (validation) instead of a toast. */
const FORM = { tolerate: [ERROR_CODES.validation] } as const;

export const switchApi = {
  list: (q: SwitchListQuery) =>
    api.get<SwitchList>(`${V1}/page`, { page: q.page, size: q.size, q: q.q, status: q.status, plantId: q.plantId }),
  /** "Does not exist" is told by the page itself, not as a toast as well. */
  info: (sn: string) => api.get<SwitchInfo>(`${V1}/${enc(sn)}/info`, undefined, { tolerate: [ERROR_CODES.notFound] }),
  setSwitch: (sn: string, on: boolean) => api.post<CommandOutcome>(`${V1}/setSwitch`, { sn, on }),
  readState: (sn: string) =>
    api.get<{ outcome: CommandOutcome; on: boolean; localOff: boolean }>(`${V1}/${enc(sn)}/state`),
  setLimits: (sn: string, limits: SwitchLimits) => api.post<null>(`${V1}/setting/${enc(sn)}/set`, limits, FORM),
  selfCheck: (sn: string) => api.post<CommandOutcome>(`${V1}/${enc(sn)}/selfCheck`),
  setTimingTasks: (sn: string, tasks: TimingTask[]) =>
    api.post<CommandOutcome>(`${V1}/${enc(sn)}/timingTask`, { tasks }),
  setSocRule: (sn: string, rule: SocRule) => api.post<null>(`${V1}/${enc(sn)}/socRule`, rule, FORM),
  setReportMinutes: (sn: string, minutes: number) =>
    api.post<CommandOutcome>(`${V1}/${enc(sn)}/updateFrequency`, { minutes }),
  setAssociatedUser: (sn: string, account: string) =>
    api.post<null>(`${V1}/${enc(sn)}/updateAssociateUser`, { account }),
  setAssociatedUserBatch: (sns: string[], account: string) =>
    api.post<null>(`${V1}/updateAssociateUser/batch`, { sns, account }),
  setServer: (sn: string, host: string, port: number) =>
    api.post<null>(`${V1}/${enc(sn)}/updateServerAddr`, { host, port }, FORM),
  setServerBatch: (sns: string[], host: string, port: number) =>
    api.post<null>(`${V1}/updateServerAddr/batch`, { sns, host, port }, FORM),
  setMeshCheck: (sn: string, enabled: boolean) =>
    api.post<CommandOutcome>(`${V1}/${enc(sn)}/meshCheck/set`, { enabled }),
  setMeshCheckBatch: (sns: string[], enabled: boolean) =>
    api.post<BatchOutcome[]>(`${V1}/meshCheck/set/batch`, { sns, enabled }),
  setConnPassword: (sn: string, password: string) =>
    api.post<null>(`${V1}/${enc(sn)}/connPassword`, { password }, FORM),
  create: (body: { sn: string; registrationKey: string; password: string }) =>
    api.post<ImportAnswer>(`${V1}/create`, body, FORM),
  checkImport: (file: File) => request<ImportAnswer>(`${V1}/import/batch/check`, { method: 'POST', form: one(file) }),
  importBatch: (file: File) => request<ImportAnswer>(`${V1}/import/batch`, { method: 'POST', form: one(file) }),
  bind: (sn: string, plantId: string) => api.post<null>(`${V1}/bind`, { sn, plantId }),
  unbind: (sn: string) => api.post<null>(`${V1}/unbind`, { sn }),
  setAlias: (sn: string, alias: string) => api.post<null>(`${V1}/setAlias`, { sn, alias }, FORM),
  remove: (sn: string) => api.post<null>(`${V1}/${enc(sn)}/delete`),
};

function one(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
