import { call } from '../../api/call';

/** Battery calls of spec §7 (contracts in packages/shared/src/contracts/batteries.ts). */
export type { BatteryInfo, BatteryWorkData as WorkData, Cells, CellStats, LinkedBattery } from '@heliograph/shared';

export const batteryKey = (sn: string) => ['batteries', 'detail', sn] as const;
export const fetchBatteryInfo = (sn: string) => call('GET /battery/:sn/info', { params: { sn } });
export const fetchCells = (sn: string) => call('GET /battery/:sn/cells', { params: { sn } });
export const fetchWorkData = (sn: string, date?: string) =>
  call('GET /battery/:sn/batteryWorkData', { params: { sn }, query: { date } });
export const deleteBattery = (id: string) => call('POST /battery/:id/delete', { params: { id } });
