import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { formatDateTime } from '../../components/plant/plantTime';
import { Quantity } from '../../components/Quantity';
import { DeviceLink } from './DeviceLink';
import { formatLastSeen } from './lastSeen';
import type { DeviceRow } from './deviceApi';

/**
 * The columns every storage list (batteries, meters, weather stations) has: the serial number that opens the
 * device, its plant, its status and the time of its last reading. Each page puts its own readings between.
 */
export function deviceColumns<R extends DeviceRow>(
  t: TFunction,
  pathOf: (sn: string) => string,
): Record<'sn' | 'plant' | 'status' | 'updated', TableColumnType<R>> {
  return {
    sn: {
      key: 'sn',
      title: t('batteries.common.sn'),
      fixed: 'start',
      render: (_, d) => <DeviceLink to={pathOf(d.sn)} sn={d.sn} alias={d.alias} />,
    },
    plant: { key: 'plant', title: t('batteries.common.plant'), render: (_, d) => d.plantName ?? '--' },
    status: {
      key: 'status',
      title: t('batteries.common.status'),
      render: (_, d) => <PlantStatusTag status={d.status} />,
    },
    updated: {
      key: 'updated',
      title: t('batteries.common.updated'),
      className: 'hg-num',
      responsive: ['lg'],
      render: (_, d) => <Quantity>{formatDateTime(d.lastSeen, d.timezone)}</Quantity>,
    },
  };
}

/** When a device that connects on its own (gateway, switch, lora master) last reported, on wide screens only. */
export function lastSeenColumn<R extends { lastSeen: number | null }>(
  title: string,
  className?: string,
): TableColumnType<R> {
  return {
    key: 'lastSeen',
    title,
    className,
    responsive: ['lg'],
    render: (_, d) => <Quantity>{formatLastSeen(d.lastSeen)}</Quantity>,
  };
}

/** A column of one reading, at the end of its cell in tabular figures; a `md` one only from tablets up. */
export function readingColumn<R>(
  key: string,
  title: string,
  value: (row: R) => string,
  md = false,
): TableColumnType<R> {
  return {
    key,
    title,
    align: 'end',
    className: 'hg-num',
    responsive: md ? ['md'] : undefined,
    render: (_, d) => <Quantity>{value(d)}</Quantity>,
  };
}
