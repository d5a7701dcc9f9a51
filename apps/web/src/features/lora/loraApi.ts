import { ERROR_CODES, type LoraFilters } from '@heliograph/shared';
import { call } from '../../api/call';

/** Lora master nodes and their child nodes (contracts in packages/shared/src/contracts/lora.ts, spec §7 "Lora"). */

export type LoraListQuery = { page: number; size: number } & Partial<Record<keyof LoraFilters, string>>;

export const LIST_PATH = '/device/lora';
export const loraPath = (sn: string) => `${LIST_PATH}/${encodeURIComponent(sn)}`;
export const loraKeys = {
  all: ['lora'] as const,
  list: (q: LoraListQuery) => ['lora', 'list', q] as const,
  detail: (sn: string) => ['lora', 'detail', sn] as const,
};

export const fetchLoraList = (q: LoraListQuery) =>
  call('GET /masterNode/page', { query: { page: q.page, size: q.size, q: q.q, status: q.status, plantId: q.plantId } });
/** "Does not exist" is shown by the page itself, not as a toast as well. */
export const fetchLoraMaster = (sn: string) =>
  call('GET /masterNode/:sn', { params: { sn } }, { tolerate: [ERROR_CODES.notFound] });
export const deleteLoraMaster = (sn: string) => call('POST /masterNode/delete/:sn', { params: { sn } });
export const renameLoraMaster = (sn: string, alias: string) =>
  call('POST /masterNode/alias/:sn', { params: { sn }, body: { alias } });
