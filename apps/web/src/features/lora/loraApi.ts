import { ERROR_CODES } from '@heliograph/shared';
import { call } from '../../api/call';
import { deviceKeys, searchListQuery, type SearchListQuery } from '../device-common/useDeviceList';

/** Lora master nodes and their child nodes (contracts in packages/shared/src/contracts/lora.ts, spec §7 "Lora"). */

export const LIST_PATH = '/device/lora';
export const loraPath = (sn: string) => `${LIST_PATH}/${encodeURIComponent(sn)}`;
export const loraKeys = deviceKeys('lora');

export const fetchLoraList = (q: SearchListQuery) => call('GET /masterNode/page', { query: searchListQuery(q) });
/** "Does not exist" is shown by the page itself, not as a toast as well. */
export const fetchLoraMaster = (sn: string) =>
  call('GET /masterNode/:sn', { params: { sn } }, { tolerate: [ERROR_CODES.notFound] });
export const deleteLoraMaster = (sn: string) => call('POST /masterNode/delete/:sn', { params: { sn } });
export const renameLoraMaster = (sn: string, alias: string) =>
  call('POST /masterNode/alias/:sn', { params: { sn }, body: { alias } });
