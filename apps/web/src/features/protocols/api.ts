import {
  ERROR_CODES,
  type ColumnBody,
  type DecodeInput,
  type DiscoverSaveInput,
  type DiscoverScanInput,
  type ProtocolInput,
} from '@heliograph/shared';
import { call, routeUrl } from '../../api/call';

/** The protocol calls (contracts in packages/shared/src/contracts/protocols.ts). */
export type {
  ColumnBody,
  ColumnRow,
  ConfigRow,
  DecodeResult,
  DiscoverScanAnswer,
  ImportResult,
  ProtocolPushStatus,
  ProtocolRow,
} from '@heliograph/shared';

export const protocolKeys = {
  all: ['protocols'] as const,
  list: (q: string, page: number, size: number) => ['protocols', 'list', q, page, size] as const,
  configs: (protocolId: string) => ['protocols', 'configs', protocolId] as const,
  versions: (protocolId: string, name: string) => ['protocols', 'versions', protocolId, name] as const,
  columns: (configId: string) => ['protocols', 'columns', configId] as const,
  push: (protocolId: string) => ['protocols', 'push', protocolId] as const,
  gateways: (q: string) => ['protocols', 'gateways', q] as const,
  related: ['protocols', 'related'] as const,
};

/** Field errors (code 4) and a taken code (1501) land on the form's fields. */
const FORM = { tolerate: [ERROR_CODES.validation, ERROR_CODES.protocolExists] };

export const FULL_DATA_PATH = routeUrl('GET /protocol/fullData/download');
export const TEMPLATE_PATH = routeUrl('GET /protocol/columns/download');

export const protocolApi = {
  /** The editor's option lists (function codes, register types, data types, byte orders). */
  related: () => call('GET /dict/protocolRelated', {}),
  list: (q: string, page: number, size: number) =>
    call('GET /protocol', { query: { ...(q ? { q } : {}), page, size } }),
  create: (body: ProtocolInput) => call('POST /protocol', { body }, FORM),
  edit: (protocolId: string, body: ProtocolInput) =>
    call('POST /protocol/:protocolId', { params: { protocolId }, body }, FORM),
  remove: (protocolId: string) => call('POST /protocol/:protocolId/delete', { params: { protocolId } }),

  configs: (protocolId: string) => call('GET /protocol/configs', { query: { protocolId } }),
  versions: (protocolId: string, name: string) =>
    call('GET /protocol/config/versions', { query: { protocolId, name } }),
  addConfig: (protocolId: string, name: string) =>
    call('POST /protocol/config', { body: { protocolId, name } }, { tolerate: [ERROR_CODES.validation] }),
  newVersion: (configId: string, note: string) =>
    call('POST /protocol/configs/:configId', { params: { configId }, body: { note } }),
  removeVersion: (configId: string) => call('POST /protocol/configs/:configId/delete', { params: { configId } }),

  columns: (configId: string) => call('GET /protocol/columns', { query: { configId } }),
  addColumn: (configId: string, body: ColumnBody) =>
    call(
      'POST /protocol/config/:configId/column',
      { params: { configId }, body },
      { tolerate: [ERROR_CODES.validation] },
    ),
  editColumn: (columnId: string, body: ColumnBody) =>
    call('POST /protocol/columns/:columnId', { params: { columnId }, body }, { tolerate: [ERROR_CODES.validation] }),
  removeColumn: (columnId: string) => call('POST /protocol/columns/:columnId/delete', { params: { columnId } }),

  importSheet: (protocolId: string, file: File, check: boolean) => {
    const form = new FormData();
    form.append('file', file);
    return call(
      'POST /protocol/fullData/import',
      { query: { protocolId, check: check ? 'true' : 'false' }, form },
      { tolerate: [ERROR_CODES.importFailed] },
    );
  },
  /** Gateways by serial number (in part), for the discovery's gateway picker. */
  gateways: (q: string) => call('GET /gateways', { query: { ...(q ? { q } : {}), page: 1, size: 10 } }),
  /** An offline gateway (1201) is shown in the dialog, not as a toast. */
  discoverScan: (body: DiscoverScanInput) =>
    call(
      'POST /protocol/discover/scan',
      { body },
      { tolerate: [ERROR_CODES.deviceOffline, ERROR_CODES.gatewayNotFound] },
    ),
  discoverSave: (body: DiscoverSaveInput) => call('POST /protocol/discover/save', { body }, FORM),
  pushStatus: (protocolId: string) => call('GET /protocol/push/status', { query: { protocolId } }),
  pushNow: (protocolId: string) => call('POST /protocol/push/:protocolId', { params: { protocolId } }),
  decode: (body: DecodeInput) => call('POST /protocol/decodeMessage', { body }, { tolerate: [ERROR_CODES.validation] }),
};
