import { call } from '../../api/call';

/**
 * The dictionaries the console uses (spec §7 "GET dict/currencies, timezones, plantTypes, protocols,
 * inverterEquipTypes"): the plant-admin module answers them; this page only reads them.
 */
export const dictKeys = {
  currencies: ['dict', 'currencies'] as const,
  timezones: ['dict', 'timezones'] as const,
  plantTypes: ['dict', 'plantTypes'] as const,
  protocols: ['dict', 'protocols'] as const,
  inverterKinds: ['dict', 'inverterEquipTypes'] as const,
};

export const dictApi = {
  currencies: () => call('GET /dict/currencies', {}),
  timezones: () => call('GET /dict/timezones', {}),
  plantTypes: () => call('GET /dict/plantTypes', {}),
  protocols: () => call('GET /dict/protocols', {}),
  inverterKinds: () => call('GET /dict/inverterEquipTypes', {}),
};
