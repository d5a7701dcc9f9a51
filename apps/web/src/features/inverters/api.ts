import {
  ERROR_CODES,
  toWireLang,
  type DebugCode,
  type DeviceStatus,
  type FlowState,
  type InverterChart,
  type InverterChartPeriod,
  type IvScanResult,
  type SettingField,
  type SettingValue,
} from '@heliograph/shared';
import { api, ApiError, type QueryValue } from '../../api/client';
import { notifier } from '../../api/notifier';
import { session } from '../../api/session';
import type { CommandOutcome } from '@heliograph/shared';

/** Shapes of apps/server/src/modules/inverters/routes.ts and devices/routes.ts. */

export type InverterListStatus = 'normal' | 'warning' | 'fault' | 'offline' | 'upgrading';
export const INVERTER_LIST_STATUSES: readonly InverterListStatus[] = [
  'normal',
  'warning',
  'fault',
  'offline',
  'upgrading',
];
export const INVERTER_SORTS = ['sn', 'plant', 'power', 'today', 'lastSeen'] as const;
export type InverterSort = (typeof INVERTER_SORTS)[number];

export interface InverterRow {
  id: string;
  sn: string;
  alias: string | null;
  brand: string;
  model: string;
  ratedW: number | null;
  protocol: string;
  firmware: string | null;
  gatewaySn: string;
  plantId: string | null;
  plantName: string | null;
  status: DeviceStatus;
  powerW: number | null;
  todayKwh: number;
  totalKwh: number | null;
  lastSeen: number | null;
  writable: boolean;
}

export interface InverterFilter {
  q?: string;
  status?: InverterListStatus;
  plantId?: string;
  model?: string;
  brand?: string;
}

export interface InverterList {
  total: number;
  rows: InverterRow[];
  stats: Record<'all' | InverterListStatus, number>;
  facets: { models: string[]; brands: string[]; plants: { id: string; name: string }[] };
}

/** GET inverter/{sn}/flow: what flows through the inverter now (signs as the plant's flow). */
export interface InverterFlowAnswer {
  ts: number | null;
  ratedW: number | null;
  meter: boolean;
  powerW: { pv: number | null; grid: number | null; battery: number | null; load: number | null; soc: number | null };
  flow: { pv: FlowState; grid: FlowState; battery: FlowState; load: FlowState };
}

export interface InverterDetail {
  id: string;
  sn: string;
  kind: string;
  model: string;
  brand: string;
  firmware: string | null;
  alias: string | null;
  ratedW: number | null;
  protocol: string;
  gatewaySn: string;
  plantId: string | null;
  plantName: string | null;
  timezone: string;
  status: DeviceStatus;
  lastSeen: number | null;
  metrics: Record<string, number | null>;
}

export interface IndexedRow {
  index: number;
  values: Record<string, number | null>;
}

export interface EnergyRow {
  key: string;
  pv: number;
  purchase: number;
  feedIn: number;
  charge: number;
  discharge: number;
  load: number;
}

export interface PortChartData {
  chart: InverterChart;
  period: InverterChartPeriod;
  unit: 'W' | 'kWh';
  keys: string[];
  rows: { ts?: number; key?: string; values: Record<string, number | null> }[];
}

export interface SettingsForm {
  protocol: string;
  fields: SettingField[];
  values: Record<string, unknown>;
  writable: boolean;
}

export interface DebugReply {
  id: string;
  type: string;
  params: Record<string, unknown>;
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
  at: number;
}

/** POST inverter/{sn}/pvIVRealtime: how the scan ended, with the curves when it succeeded. */
export type IvScanOutcome = CommandOutcome & { iv: IvScanResult | null };

export interface InverterEvent {
  id: string;
  code: string;
  level: string;
  message: string | null;
  raisedAt: number;
  clearedAt: number | null;
}

const base = (sn: string) => `/api/v1/inverter/${encodeURIComponent(sn)}`;

export const inverterKeys = {
  list: (q: object) => ['inverters', q] as const,
  detail: (sn: string) => ['inverter', sn] as const,
  settings: (sn: string) => ['inverter', sn, 'settings'] as const,
  debug: (sn: string) => ['inverter', sn, 'debug'] as const,
  iv: (sn: string) => ['inverter', sn, 'iv'] as const,
};

export const inverterApi = {
  list: (q: InverterFilter & { page: number; size: number; sort?: InverterSort; order?: 'asc' | 'desc' }) =>
    api.get<InverterList>('/api/v1/inverters', { ...q } as Record<string, QueryValue>),
  /** 600 for a deleted or unknown inverter is the page's own "not found" state, not a toast. */
  detail: (sn: string) => api.get<InverterDetail>(base(sn), undefined, { tolerate: [ERROR_CODES.inverterNotFound] }),
  input: (sn: string) => api.get<IndexedRow[]>(`${base(sn)}/realtime/input`),
  flow: (sn: string) => api.get<InverterFlowAnswer>(`${base(sn)}/flow`),
  output: (sn: string) => api.get<IndexedRow[]>(`${base(sn)}/realtime/output`),
  energy: (sn: string, period: 'month' | 'year' | 'total', key: string) =>
    api.get<EnergyRow[]>(
      `${base(sn)}/${period}`,
      period === 'month' ? { month: key } : period === 'year' ? { year: key } : {},
    ),
  day: (sn: string, date: string, params: string) =>
    api.get<{ ts: number; values: Record<string, number | null> }[]>(`${base(sn)}/day`, { date, params }),
  port: (sn: string, chart: InverterChart, period: InverterChartPeriod, date: string) =>
    api.get<PortChartData>(`${base(sn)}/chart/${chart}/${period}`, { date }),
  events: (sn: string, page: number, size: number) =>
    api.get<{ total: number; rows: InverterEvent[] }>(`${base(sn)}/events`, { page, size }),
  alias: (sn: string, alias: string) => api.post<null>(`${base(sn)}/alias`, { alias }),
  remove: (sn: string) => api.post<null>(`${base(sn)}/delete`),
  boot: (sn: string) => api.post<CommandOutcome>(`${base(sn)}/boot`),
  shutdown: (sn: string) => api.post<CommandOutcome>(`${base(sn)}/shutdown`),
  debug: (sn: string, body: { code: DebugCode; address: string; count?: number; value?: number; decimals?: number }) =>
    api.post<CommandOutcome>(`${base(sn)}/debug`, body),
  debugReplies: (sn: string) => api.get<DebugReply[]>(`${base(sn)}/debug/reply`),
  ivScan: (sn: string) => api.post<IvScanOutcome>(`${base(sn)}/pvIVRealtime`),
  /** 601 (no settings for this protocol) is shown by the form itself. */
  settingsForm: (sn: string) =>
    api.get<SettingsForm>(`${base(sn)}/setting/form`, undefined, {
      tolerate: [ERROR_CODES.inverterSettingUnsupported, ERROR_CODES.inverterNotFound],
    }),
  settingsRead: (sn: string) =>
    api.post<CommandOutcome & { values: Record<string, unknown> }>(`${base(sn)}/setting-read`),
  settingsWrite: (sn: string, values: Record<string, SettingValue>) =>
    api.post<CommandOutcome>(`${base(sn)}/setting-write`, { values }),
};

/**
 * Downloads the filtered list as .xlsx through the API with the bearer token (a plain link would carry no
 * token). A refused export arrives as a JSON envelope and is shown like any other error.
 */
export async function downloadInverters(filter: InverterFilter): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  params.set('lan', toWireLang(session.getLanguage()));
  const token = session.getToken()?.access_token;
  const res = await fetch(`/api/v1/inverters/download?${params.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const env = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    notifier().error(env?.msg ?? res.statusText);
    throw new ApiError(env?.code ?? -1, env?.msg ?? res.statusText, null, res.status, true);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'inverters.xlsx';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
