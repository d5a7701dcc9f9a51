import { api } from '../../api/client';

/** The event list of device/event/list (apps/server/src/modules/events). */
export type EventLevel = 'fault' | 'warning' | 'info';

export interface EventRow {
  id: string;
  code: string;
  level: EventLevel;
  message: string | null;
  raisedAt: number;
  clearedAt: number | null;
  deviceSn: string;
  deviceKind: string;
  deviceAlias: string | null;
  plantId: string | null;
  plantName: string | null;
  timezone: string;
  meaning: string | null;
  solution: string | null;
}

export type LevelCounts = Record<'all' | EventLevel, number>;

export interface EventQuery {
  plantId?: string;
  device?: string;
  kind?: string;
  level?: string;
  state?: string;
  from?: number;
  to?: number;
}

export const EVENT_COUNT_KEY = ['events', 'count'] as const;
export const fetchEvents = (q: EventQuery & { page: number; size: number }) =>
  api.get<{ total: number; rows: EventRow[]; counts: LevelCounts }>('/api/v1/events', { ...q });
export const fetchEventCount = () => api.get<LevelCounts>('/api/v1/events/count', undefined, { silent: true });
