import type { SocRule, SwitchLimits, TimingTask } from '@heliograph/shared';
import { call } from '../../api/call';
import { FIELD_ERRORS, TOLD_BY_PAGE } from '../device-common/deviceApi';
import { fileForm } from '../device-common/importAnswer';
import { deviceKeys, searchListQuery, type SearchListQuery } from '../device-common/useDeviceList';

/** Smart AC switch calls (contracts in packages/shared/src/contracts/ac-switches.ts, spec §7 "Smart AC switches"). */

export const LIST_PATH = '/device/acSwitch';
export const switchPath = (sn: string) => `${LIST_PATH}/${encodeURIComponent(sn)}`;
export const switchKeys = deviceKeys('acSwitch');

export const switchApi = {
  list: (q: SearchListQuery) => call('GET /acSwitch/page', { query: searchListQuery(q) }),
  info: (sn: string) => call('GET /acSwitch/:sn/info', { params: { sn } }, TOLD_BY_PAGE),
  setSwitch: (sn: string, on: boolean) => call('POST /acSwitch/setSwitch', { body: { sn, on } }),
  readState: (sn: string) => call('GET /acSwitch/:sn/state', { params: { sn } }),
  setLimits: (sn: string, limits: SwitchLimits) =>
    call('POST /acSwitch/setting/:sn/set', { params: { sn }, body: limits }, FIELD_ERRORS),
  selfCheck: (sn: string) => call('POST /acSwitch/:sn/selfCheck', { params: { sn } }),
  setTimingTasks: (sn: string, tasks: TimingTask[]) =>
    call('POST /acSwitch/:sn/timingTask', { params: { sn }, body: { tasks } }),
  setSocRule: (sn: string, rule: SocRule) =>
    call('POST /acSwitch/:sn/socRule', { params: { sn }, body: rule }, FIELD_ERRORS),
  setReportMinutes: (sn: string, minutes: number) =>
    call('POST /acSwitch/:sn/updateFrequency', { params: { sn }, body: { minutes } }),
  setAssociatedUser: (sn: string, account: string) =>
    call('POST /acSwitch/:sn/updateAssociateUser', { params: { sn }, body: { account } }),
  setAssociatedUserBatch: (sns: string[], account: string) =>
    call('POST /acSwitch/updateAssociateUser/batch', { body: { sns, account } }),
  setServer: (sn: string, host: string, port: number) =>
    call('POST /acSwitch/:sn/updateServerAddr', { params: { sn }, body: { host, port } }, FIELD_ERRORS),
  setServerBatch: (sns: string[], host: string, port: number) =>
    call('POST /acSwitch/updateServerAddr/batch', { body: { sns, host, port } }, FIELD_ERRORS),
  setMeshCheck: (sn: string, enabled: boolean) =>
    call('POST /acSwitch/:sn/meshCheck/set', { params: { sn }, body: { enabled } }),
  setMeshCheckBatch: (sns: string[], enabled: boolean) =>
    call('POST /acSwitch/meshCheck/set/batch', { body: { sns, enabled } }),
  setConnPassword: (sn: string, password: string) =>
    call('POST /acSwitch/:sn/connPassword', { params: { sn }, body: { password } }, FIELD_ERRORS),
  create: (body: { sn: string; registrationKey: string; password: string }) =>
    call('POST /acSwitch/create', { body }, FIELD_ERRORS),
  checkImport: (file: File) => call('POST /acSwitch/import/batch/check', { form: fileForm(file) }),
  importBatch: (file: File) => call('POST /acSwitch/import/batch', { form: fileForm(file) }),
  bind: (sn: string, plantId: string) => call('POST /acSwitch/bind', { body: { sn, plantId } }),
  unbind: (sn: string) => call('POST /acSwitch/unbind', { body: { sn } }),
  setAlias: (sn: string, alias: string) => call('POST /acSwitch/setAlias', { body: { sn, alias } }, FIELD_ERRORS),
  remove: (sn: string) => call('POST /acSwitch/:sn/delete', { params: { sn } }),
};
