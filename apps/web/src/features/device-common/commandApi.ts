import { api } from '../../api/client';

/** What a command came to (apps/server/src/modules/commands/routes.ts `commandOutcome`). */
export type CommandStatus = 'sent' | 'accepted' | 'progress' | 'succeeded' | 'failed' | 'timed_out';

export interface CommandOutcome {
  id: string;
  status: CommandStatus;
  result: Record<string, unknown> | null;
  error: string | null;
}

export interface OperationRow {
  id: string;
  at: number;
  operator: string | null;
  target: string;
  operation: string;
  oldValue: string | null;
  newValue: string | null;
  result: string;
  ip: string | null;
}

export function fetchOperationLog(target: string, page: number, size: number) {
  return api.get<{ total: number; rows: OperationRow[] }>('/api/v1/operation/log', { target, page, size });
}

/** Query key of a serial number's operation log: invalidate it after any change to that device. */
export const operationLogKey = (target: string) => ['operationLog', target] as const;
