import { call } from '../../api/call';

/** The operation log of a serial number or plant id (contracts in packages/shared/src/contracts/commands.ts). */
export function fetchOperationLog(target: string, page: number, size: number) {
  return call('GET /operation/log', { query: { target, page, size } });
}

/** Query key of a serial number's operation log: invalidate it after any change to that device. */
export const operationLogKey = (target: string) => ['operationLog', target] as const;
