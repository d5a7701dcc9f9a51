import type { debugLogQuery } from '@heliograph/shared';
import type { z } from 'zod';
import { call } from '../../api/call';

/** The debug log's filters as the console sends them (the contract's query as the server reads it). */
export type DebugLogQuery = Partial<z.output<typeof debugLogQuery>>;

/** The debug log's call (contract in packages/shared/src/contracts/debug-log.ts). */
export const debugLogApi = {
  list: (query: DebugLogQuery) => call('GET /log/debug', { query }),
};

export const debugLogKeys = {
  list: (q: DebugLogQuery) => ['debugLog', q] as const,
};
