import type { EventFilters } from '@heliograph/shared';
import { call } from '../../api/call';

/** The event list of device/event/list (contracts in packages/shared/src/contracts/events.ts). */
export type EventQuery = Partial<Record<keyof EventFilters, string | number>>;

export const EVENT_COUNT_KEY = ['events', 'count'] as const;
export const fetchEvents = (q: EventQuery & { page: number; size: number }) => call('GET /events', { query: q });
export const fetchEventCount = () => call('GET /events/count', {}, { silent: true });
