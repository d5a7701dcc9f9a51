import type { EquipKind, LightSetting, WeatherLinkBody } from '@heliograph/shared';
import { ERROR_CODES } from '@heliograph/shared';
import { call } from '../../api/call';

/** The application centre's calls (contracts in packages/shared/src/contracts/acenter.ts). */
export const acenterKeys = {
  all: ['acenter'] as const,
  account: ['acenter', 'account'] as const,
  bulbs: ['acenter', 'bulbs'] as const,
  lights: (q: string, page: number, size: number) => ['acenter', 'lights', q, page, size] as const,
  weather: (q: string, page: number, size: number) => ['acenter', 'weather', q, page, size] as const,
  equips: (q: string, kind: string, page: number, size: number) => ['acenter', 'equips', q, kind, page, size] as const,
};

const PROVIDER = 'simulated' as const;

export const acenterApi = {
  account: () => call('GET /light/account', { query: { provider: PROVIDER } }),
  startOauth: () => call('POST /light/oauth', { body: { provider: PROVIDER } }),
  completeOauth: (code: string, state: string) =>
    call('POST /light/oauth/callback', { body: { provider: PROVIDER, code, state } }),
  unlink: () => call('POST /light/oauth/unlink', { body: { provider: PROVIDER } }),
  bulbs: () =>
    call('GET /light/devices', { query: { provider: PROVIDER } }, { tolerate: [ERROR_CODES.lightNotLinked] }),
  bind: (plantId: string, bulb: string, alias: string) =>
    call('POST /light/bind', { body: { plantId, provider: PROVIDER, bulb, alias } }),
  unbind: (id: string) => call('POST /light/unbind/:id', { params: { id } }),
  setting: (id: string, value: LightSetting) => call('POST /light/setting/:id', { params: { id }, body: value }),
  lights: (q: string, page: number, size: number) =>
    call('GET /light/list', { query: { ...(q ? { q } : {}), page, size } }),
  plants: (keyword: string) => call('GET /plants', { query: { ...(keyword ? { keyword } : {}), page: 1, size: 20 } }),
  weather: (q: string, page: number, size: number) =>
    call('GET /weather/auth/list', { query: { ...(q ? { q } : {}), page, size } }),
  linkWeather: (body: WeatherLinkBody) => call('POST /weather/auth/link', { body }),
  unlinkWeather: (plantId: string) => call('POST /weather/auth/unlink', { body: { plantId } }),
  testWeather: (plantId: string) => call('POST /weather/auth/test', { body: { plantId } }),
  equips: (q: string, kind: EquipKind | '', page: number, size: number) =>
    call('GET /smart/equips/list', { query: { ...(q ? { q } : {}), ...(kind ? { kind } : {}), page, size } }),
};
