import type { NoticeRef } from '@heliograph/shared';
import { call } from '../../api/call';

/** Notice-centre calls (contracts in packages/shared/src/contracts/notices.ts). */
export type { NoticeItem, NoticeRef, PublicBulletin } from '@heliograph/shared';

/** The notice centre's list query as the page builds it (type and read as the API reads them). */
export interface NoticeQuery {
  page: number;
  size: number;
  q?: string;
  type?: number;
  read?: '0' | '1';
}

export const noticeKeys = {
  all: ['notices'] as const,
  list: (q: NoticeQuery) => ['notices', 'list', q] as const,
  toast: ['notices', 'toast'] as const,
  popup: ['notices', 'popup'] as const,
  maintenance: ['notices', 'maintenance'] as const,
  announcements: (page: number) => ['announcements', page] as const,
};

export const noticeApi = {
  list: (query: NoticeQuery) => call('GET /messageTd/messages', { query }),
  read: (ref: NoticeRef) => call('POST /messageTd/readMessage', { body: ref }),
  readBatch: (items: NoticeRef[]) => call('POST /messageTd/readMessageBatch', { body: { items } }),
  readAll: () => call('POST /messageTd/readAll', {}),
  // The shell's background calls: a failure leaves the toast, dialog or banner out, with no error toast.
  toast: () => call('GET /getLastUnReadNotice', {}, { silent: true }),
  popup: () => call('GET /messageTd/popup', {}, { silent: true }),
  maintenance: () => call('GET /ssPointNotice/current', {}, { silent: true }),
  announcements: (page: number, size: number) => call('GET /anonymous/announcements', { query: { page, size } }),
};
