import { ERROR_CODES } from '@heliograph/shared';
import { api } from '../../api/client';

/** Lora master nodes and their child nodes (apps/server/src/modules/lora/routes.ts, spec §7 "Lora"). */
export interface LoraNode {
  id: string;
  sn: string;
  kind: string;
  model: string;
  alias: string | null;
  status: string;
  /** Radio signal as the node last reported it, dBm. */
  rssi: number | null;
  lastSeen: number | null;
}

export interface LoraMaster extends LoraNode {
  plantId: string | null;
  plantName: string | null;
  plantType: string | null;
  online: boolean;
  firmId: string | null;
  childCount: number;
}

export interface LoraMasterDetail extends LoraMaster {
  children: LoraNode[];
  /** The caller may rename or delete it (their permission and the plant's write scope). */
  writable: boolean;
}

export const LORA_STATUSES = ['online', 'offline'] as const;

export interface LoraList {
  total: number;
  rows: LoraMaster[];
  counts: Record<'all' | (typeof LORA_STATUSES)[number], number>;
}

export interface LoraListQuery {
  page: number;
  size: number;
  q?: string | undefined;
  status?: string | undefined;
  plantId?: string | undefined;
}

const enc = encodeURIComponent;
export const LIST_PATH = '/device/lora';
export const loraPath = (sn: string) => `${LIST_PATH}/${enc(sn)}`;
export const loraKeys = {
  all: ['lora'] as const,
  list: (q: LoraListQuery) => ['lora', 'list', q] as const,
  detail: (sn: string) => ['lora', 'detail', sn] as const,
};

export const fetchLoraList = (q: LoraListQuery) =>
  api.get<LoraList>('/api/v1/masterNode/page', {
    page: q.page,
    size: q.size,
    q: q.q,
    status: q.status,
    plantId: q.plantId,
  });
/** "Does not exist" is shown by the page itself, not as a toast as well. */
export const fetchLoraMaster = (sn: string) =>
  api.get<LoraMasterDetail>(`/api/v1/masterNode/${enc(sn)}`, undefined, { tolerate: [ERROR_CODES.notFound] });
export const deleteLoraMaster = (sn: string) => api.post<null>(`/api/v1/masterNode/delete/${enc(sn)}`);
export const renameLoraMaster = (sn: string, alias: string) =>
  api.post<null>(`/api/v1/masterNode/alias/${enc(sn)}`, { alias });
