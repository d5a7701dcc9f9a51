import type { VersionInput } from '@heliograph/shared';
import { call } from '../../api/call';

/** Console version calls (contracts in packages/shared/src/contracts/versions.ts). */
export type { ConsoleVersion, VersionCheck, VersionInput, VersionLatest } from '@heliograph/shared';

export const versionKeys = {
  all: ['versions'] as const,
  list: (q: string, page: number, size: number) => ['versions', 'list', q, page, size] as const,
  timeline: (page: number, size: number) => ['versions', 'timeline', page, size] as const,
  latest: ['versions', 'latest'] as const,
  check: ['versions', 'check'] as const,
};

export const versionApi = {
  list: (q: string, page: number, size: number) =>
    call('GET /versions', { query: { ...(q ? { q } : {}), page, size } }),
  timeline: (page: number, size: number) => call('GET /version/timeline', { query: { page, size } }),
  // The shell's background calls: a failure leaves the footer and the dialog out, with no toast.
  latest: () => call('GET /version/latest', {}, { silent: true }),
  check: () => call('GET /version/check', {}, { silent: true }),
  create: (body: VersionInput) => call('POST /version', { body }),
  remove: (id: string) => call('POST /version/:id/delete', { params: { id } }),
  acknowledge: (id: string) => call('POST /version/:id/acknowledge', { params: { id } }),
};
