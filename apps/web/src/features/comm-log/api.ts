import type { commMessagesQuery } from '@heliograph/shared';
import type { z } from 'zod';
import { call } from '../../api/call';

/**
 * The log's filters as the console sends them: the contract's query as the server reads it (its input type
 * says `unknown` for the coerced numbers), every field optional.
 */
export type CommMessagesQuery = Partial<z.output<typeof commMessagesQuery>>;

/** The communication log's calls (contract in packages/shared/src/contracts/comm-log.ts). */
export const commLogApi = {
  messages: (sn: string, query: CommMessagesQuery) => call('GET /gateway/:sn/messages', { params: { sn }, query }),
  message: (sn: string, id: string) => call('GET /gateway/:sn/message/:id', { params: { sn, id } }),
  gateways: (q: string) => call('GET /gateways', { query: { q: q || undefined, page: 1, size: 20 } }),
  recording: (sn: string) => call('GET /gateway/:sn/comm-log/recording', { params: { sn } }),
  setRecording: (sn: string, hours: number) =>
    call('POST /gateway/:sn/comm-log/recording', { params: { sn }, body: { hours } }),
};

export const commLogKeys = {
  all: ['commLog'] as const,
  messages: (sn: string, q: CommMessagesQuery) => ['commLog', 'messages', sn, q] as const,
  message: (sn: string, id: string) => ['commLog', 'message', sn, id] as const,
  gateways: (q: string) => ['commLog', 'gateways', q] as const,
  recording: (sn: string) => ['commLog', 'recording', sn] as const,
};

/** The address of a gateway's log, for links from elsewhere (the gateway's page). */
export const commLogPath = (sn: string): string => `/log/commu?sn=${encodeURIComponent(sn)}`;

/** The payload as people read it: JSON indented, anything else as it came. */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}
