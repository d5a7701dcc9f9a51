import type { FirmwareEditInput, FirmwareKind, HardwareKind, UpgradeMode } from '@heliograph/shared';
import { ERROR_CODES, type upgradeRecordsQuery } from '@heliograph/shared';
import type { z } from 'zod';
import { call, routeUrl } from '../../api/call';

/** The firmware library's calls (contracts in packages/shared/src/contracts/firmware.ts). */
export type { FirmwareGrantRow, FirmwareKind, FirmwareLabel, FirmwareRow, VendorKeyRow } from '@heliograph/shared';

export interface FirmwareFilters {
  kind: FirmwareKind;
  q: string;
  enabled?: 'true' | 'false' | undefined;
  released?: 'true' | 'false' | undefined;
  labelId?: string | undefined;
  page: number;
  size: number;
}

/** What the upload form sends besides the image (the server reads the fields before the file). */
export interface UploadInput {
  kind: FirmwareKind;
  brand: string;
  product: string;
  epn: string;
  hardwareVersion: string;
  softwareVersion: string;
  compatibleVersions: string[];
  changeLog: string;
  upgradeMode: UpgradeMode;
  labelId?: string | undefined;
  companyId?: string | undefined;
  signature: string;
  file: File;
}

export const firmwareKeys = {
  all: ['firmware'] as const,
  list: (f: FirmwareFilters) => ['firmware', 'list', f] as const,
  one: (id: string) => ['firmware', 'one', id] as const,
  grants: (id: string) => ['firmware', 'grants', id] as const,
  labels: (kind: FirmwareKind) => ['firmware', 'labels', kind] as const,
  vendorKeys: ['firmware', 'vendorKeys'] as const,
  companies: (q: string) => ['firmware', 'companies', q] as const,
  hardware: (f: HardwareFilters) => ['firmware', 'hardware', f] as const,
  records: (f: RecordsFilters) => ['firmware', 'upgradeRecords', f] as const,
  rollouts: (page: number) => ['firmware', 'rollouts', page] as const,
};

/**
 * The upgrade records' filters as the console sends them: the contract's query as the server reads it (its
 * input type says `unknown` for the coerced numbers), every field optional.
 */
export type RecordsFilters = Partial<z.output<typeof upgradeRecordsQuery>>;

/** The maintenance log's upgrade records export (same filters as the list, no page). */
export const RECORDS_DOWNLOAD_PATH = routeUrl('GET /upgrade/records/download');

export interface HardwareFilters {
  kind?: HardwareKind | undefined;
  outdated?: 'true' | 'false' | undefined;
  q: string;
  page: number;
  size: number;
}

/** Field errors (code 4) and the codes the upload form shows under its fields. */
const FORM = { tolerate: [ERROR_CODES.validation, ERROR_CODES.firmwareVersionDuplicate] };

export const firmwareApi = {
  list: ({ q, page, size, ...f }: FirmwareFilters) =>
    call('GET /firmware/list', { query: { ...f, ...(q ? { q } : {}), page, size } }),
  one: (firmwareId: string) => call('GET /firmware/:firmwareId', { params: { firmwareId } }),
  upload: ({ file, compatibleVersions, ...fields }: UploadInput) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
    form.append('compatibleVersions', compatibleVersions.join(','));
    // The file last: the server reads the fields sent before it.
    form.append('file', file);
    return call('POST /firmware/upload', { form }, FORM);
  },
  edit: (firmwareId: string, body: FirmwareEditInput) =>
    call('POST /firmware/:firmwareId', { params: { firmwareId }, body }, { tolerate: [ERROR_CODES.validation] }),
  setEnabled: (firmwareId: string, value: boolean) =>
    call('POST /firmware/:firmwareId/enabled', { params: { firmwareId }, body: { value } }),
  setReleased: (firmwareId: string, value: boolean) =>
    call('POST /firmware/:firmwareId/released', { params: { firmwareId }, body: { value } }),
  remove: (firmwareId: string) => call('POST /firmware/:firmwareId/delete', { params: { firmwareId } }),

  grants: (firmwareId: string) => call('GET /firmware/:firmwareId/grants', { params: { firmwareId } }),
  grant: (firmwareId: string, companyId: string) =>
    call('POST /firmware/:firmwareId/grant', { params: { firmwareId }, body: { companyId } }),
  revoke: (firmwareId: string, companyId: string) =>
    call('POST /firmware/:firmwareId/revoke', { params: { firmwareId }, body: { companyId } }),
  companies: (q: string) => call('GET /companies', { query: { ...(q ? { q } : {}), page: 1, size: 20 } }),

  labels: (kind: FirmwareKind) => call('GET /firmware/labels', { query: { kind } }),
  addLabel: (kind: FirmwareKind, name: string, parentId: string | null) =>
    call(
      'POST /firmware/label',
      { body: { kind, name, parentId } },
      { tolerate: [ERROR_CODES.validation, ERROR_CODES.labelExists] },
    ),
  removeLabel: (labelId: string) =>
    call(
      'POST /firmware/label/:labelId/delete',
      { params: { labelId } },
      { tolerate: [ERROR_CODES.categoryHasChildren] },
    ),

  hardware: ({ q, ...f }: HardwareFilters) => call('GET /firmware/hardware', { query: { ...f, ...(q ? { q } : {}) } }),

  /** The maintenance log (issue 13): every upgrade the caller may see, and the staged rollouts. */
  records: (query: RecordsFilters) => call('GET /upgrade/records', { query }),
  rollouts: (page: number, size: number) => call('GET /upgrade/rollouts', { query: { page, size } }),
  resumeRollout: (rolloutId: string) => call('POST /upgrade/rollout/:rolloutId/resume', { params: { rolloutId } }),
  abortRollout: (rolloutId: string) => call('POST /upgrade/rollout/:rolloutId/abort', { params: { rolloutId } }),

  vendorKeys: () => call('GET /firmware/vendorKeys'),
  addVendorKey: (name: string, publicKey: string) =>
    call('POST /firmware/vendorKey', { body: { name, publicKey } }, { tolerate: [ERROR_CODES.validation] }),
  revokeVendorKey: (vendorKeyId: string) =>
    call('POST /firmware/vendorKey/:vendorKeyId/revoke', { params: { vendorKeyId } }),
};
