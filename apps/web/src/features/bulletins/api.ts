import type { BulletinInput, MaintenanceInput } from '@heliograph/shared';
import { call } from '../../api/call';

/** Bulletin and maintenance-notice calls (contracts in packages/shared/src/contracts/notices.ts). */
export type { Bulletin, BulletinInput, MaintenanceInput, MaintenanceNotice, ReceiverOption } from '@heliograph/shared';

export const bulletinKeys = {
  all: ['bulletins'] as const,
  list: (q: string, status: string, page: number, size: number) =>
    ['bulletins', 'list', q, status, page, size] as const,
  receivers: (audience: string, q: string) => ['bulletins', 'receivers', audience, q] as const,
  maintenance: (q: string, status: string, page: number, size: number) =>
    ['bulletins', 'maintenance', q, status, page, size] as const,
};

const listQuery = (q: string, status: string, page: number, size: number) => ({
  ...(q ? { q } : {}),
  ...(status ? { status } : {}),
  page,
  size,
});

export const bulletinApi = {
  list: (q: string, status: string, page: number, size: number) =>
    call('GET /ss/notices', { query: listQuery(q, status, page, size) }),
  create: (body: BulletinInput) => call('POST /ss/notices', { body }),
  update: (id: string, body: BulletinInput) => call('POST /ss/notices/:id', { params: { id }, body }),
  publish: (id: string) => call('POST /ss/notices/:id/publish', { params: { id } }),
  withdraw: (id: string) => call('POST /ss/notices/:id/withdraw', { params: { id } }),
  receivers: (audience: 'companies' | 'customers', q: string) =>
    call('GET /ss/notices/receivers', { query: { audience, ...(q ? { q } : {}) } }),
  maintenance: (q: string, status: string, page: number, size: number) =>
    call('GET /ssPointNotice/list', { query: listQuery(q, status, page, size) }),
  createMaintenance: (body: MaintenanceInput) => call('POST /ssPointNotice', { body }),
  updateMaintenance: (id: string, body: MaintenanceInput) => call('POST /ssPointNotice/:id', { params: { id }, body }),
  setMaintenanceStatus: (id: string, status: 1 | 2) =>
    call('POST /ssPointNotice/:id/status', { params: { id }, body: { status } }),
};
