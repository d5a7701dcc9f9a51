import { call } from '../../api/call';
import { FIELD_ERRORS, TOLD_BY_PAGE } from '../device-common/deviceApi';
import { fileForm } from '../device-common/importAnswer';
import { deviceKeys, searchListQuery, type SearchListQuery } from '../device-common/useDeviceList';

/** Gateway calls (contracts in packages/shared/src/contracts/gateways.ts, spec §7 "Gateways"). */

export const LIST_PATH = '/device/gateway';
export const COMM_SETTING_PATH = '/device/comm-setting';
export const gatewayPath = (sn: string) => `${LIST_PATH}/${encodeURIComponent(sn)}`;
export const gatewayKeys = deviceKeys('gateway');

export const gatewayApi = {
  list: (q: SearchListQuery) => call('GET /gateways', { query: searchListQuery(q) }),
  info: (sn: string) => call('GET /gateway/:sn', { params: { sn } }, TOLD_BY_PAGE),
  setAlias: (sn: string, alias: string) =>
    call('POST /gateway/:sn/alias', { params: { sn }, body: { alias } }, FIELD_ERRORS),
  restart: (sn: string) => call('POST /gateway/:sn/restart', { params: { sn } }),
  unbind: (sn: string) => call('POST /gateway/:sn/unbind', { params: { sn } }),
  lock: (sn: string, locked: boolean) => call('POST /gateway/:sn/lock', { params: { sn }, body: { locked } }),
  readUploadCycle: (sn: string) => call('GET /gateway/:sn/uploadCycle', { params: { sn } }),
  setUploadCycle: (sn: string, seconds: number) =>
    call('POST /gateway/:sn/uploadCycle', { params: { sn }, body: { seconds } }),
  readMeshCheck: (sn: string) => call('GET /gateway/:sn/meshCheck/read', { params: { sn } }),
  setMeshCheck: (sn: string, enabled: boolean) =>
    call('POST /gateway/:sn/meshCheck/set', { params: { sn }, body: { enabled } }),
  setConnPassword: (sn: string, password: string) =>
    call('POST /gateway/:sn/connPassword', { params: { sn }, body: { password } }, FIELD_ERRORS),
  importOne: (body: { sn: string; registrationKey: string; password: string }) =>
    call('POST /gateways/import', { body }, FIELD_ERRORS),
  checkImport: (file: File) => call('POST /gateways/import/check', { form: fileForm(file) }),
  importBatch: (file: File) => call('POST /gateways/import/batch', { form: fileForm(file) }),
};
