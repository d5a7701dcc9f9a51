import { ApiError } from '../../api/client';
import { notifier } from '../../api/notifier';
import { session } from '../../api/session';
import { call, routeUrl, type CallInput } from '../../api/call';
import {
  ERROR_CODES,
  toWireLang,
  type InverterChart,
  type InverterChartPeriod,
  type InverterFilter,
  type InverterListQuery,
  type SettingValue,
} from '@heliograph/shared';
import { saveAnsweredFile } from '../device-common/download';

/** Inverter calls (contracts in packages/shared/src/contracts/inverters.ts and devices.ts). */

export const inverterKeys = {
  list: (q: object) => ['inverters', q] as const,
  detail: (sn: string) => ['inverter', sn] as const,
  settings: (sn: string) => ['inverter', sn, 'settings'] as const,
  /** GET dict/protocols: what an inverter can be bound to. */
  protocols: ['dict', 'protocols'] as const,
  protocolColumns: (sn: string) => ['inverter', sn, 'protocolColumns'] as const,
  debug: (sn: string) => ['inverter', sn, 'debug'] as const,
  iv: (sn: string) => ['inverter', sn, 'iv'] as const,
};

export const inverterApi = {
  list: (q: Partial<InverterListQuery>) => call('GET /inverters', { query: q }),
  /** 600 for a deleted or unknown inverter is the page's own "not found" state, not a toast. */
  detail: (sn: string) => call('GET /inverter/:sn', { params: { sn } }, { tolerate: [ERROR_CODES.inverterNotFound] }),
  input: (sn: string) => call('GET /inverter/:sn/realtime/input', { params: { sn } }),
  flow: (sn: string) => call('GET /inverter/:sn/flow', { params: { sn } }),
  output: (sn: string) => call('GET /inverter/:sn/realtime/output', { params: { sn } }),
  energy: (sn: string, period: 'month' | 'year' | 'total', key: string) =>
    period === 'month'
      ? call('GET /inverter/:sn/month', { params: { sn }, query: { month: key } })
      : period === 'year'
        ? call('GET /inverter/:sn/year', { params: { sn }, query: { year: key } })
        : call('GET /inverter/:sn/total', { params: { sn } }),
  day: (sn: string, date: string, params: string) =>
    call('GET /inverter/:sn/day', { params: { sn }, query: { date, params } }),
  port: (sn: string, chart: InverterChart, period: InverterChartPeriod, date: string) =>
    call('GET /inverter/:sn/chart/:chart/:period', { params: { sn, chart, period }, query: { date } }),
  events: (sn: string, page: number, size: number) =>
    call('GET /inverter/:sn/events', { params: { sn }, query: { page, size } }),
  alias: (sn: string, alias: string) => call('POST /inverter/:sn/alias', { params: { sn }, body: { alias } }),
  remove: (sn: string) => call('POST /inverter/:sn/delete', { params: { sn } }),
  protocols: () => call('GET /dict/protocols', {}),
  protocolColumns: (sn: string) => call('GET /inverter/:sn/protocol/columns', { params: { sn } }),
  protocol: (sn: string, protocol: string) =>
    call('POST /inverter/:sn/protocol', { params: { sn }, body: { protocol } }),
  boot: (sn: string) => call('POST /inverter/:sn/boot', { params: { sn } }),
  shutdown: (sn: string) => call('POST /inverter/:sn/shutdown', { params: { sn } }),
  debug: (sn: string, body: CallInput<'POST /inverter/:sn/debug'>['body']) =>
    call('POST /inverter/:sn/debug', { params: { sn }, body }),
  debugReplies: (sn: string) => call('GET /inverter/:sn/debug/reply', { params: { sn } }),
  ivScan: (sn: string) => call('POST /inverter/:sn/pvIVRealtime', { params: { sn } }),
  /** 601 (no settings for this protocol) is shown by the form itself. */
  settingsForm: (sn: string) =>
    call(
      'GET /inverter/:sn/setting/form',
      { params: { sn } },
      { tolerate: [ERROR_CODES.inverterSettingUnsupported, ERROR_CODES.inverterNotFound] },
    ),
  settingsRead: (sn: string) => call('POST /inverter/:sn/setting-read', { params: { sn } }),
  settingsWrite: (sn: string, values: Record<string, SettingValue>) =>
    call('POST /inverter/:sn/setting-write', { params: { sn }, body: { values } }),
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
  const res = await fetch(`${routeUrl('GET /inverters/download')}?${params.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const env = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    notifier().error(env?.msg ?? res.statusText);
    throw new ApiError(env?.code ?? -1, env?.msg ?? res.statusText, null, res.status, true);
  }
  await saveAnsweredFile(res, 'inverters.xlsx');
}
