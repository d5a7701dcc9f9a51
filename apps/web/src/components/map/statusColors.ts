import type { DeviceStatus } from '@heliograph/shared';

/** Map point colours per status, the same hues as the status tags and the statistics bar. */
export const STATUS_COLOR: Record<DeviceStatus, string> = {
  normal: '#52c41a',
  warning: '#faad14',
  fault: '#f5222d',
  offline: '#8c8c8c',
  upgrading: '#1677ff',
  protect: '#722ed1',
};

/** Drawing order: the states that need attention are drawn last, on top of a crowded map. */
export const STATUS_LAYER: readonly DeviceStatus[] = ['offline', 'normal', 'upgrading', 'protect', 'warning', 'fault'];
