import { UPGRADE_LIMITS } from '@heliograph/shared';
import type { TableRowSelection } from 'antd/es/table/interface';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Key = React.Key;

/**
 * Whether a selection may stand: a batch upgrade takes at most UPGRADE_LIMITS.batchMax devices (spec §5), so
 * the selection that would make it 51 is refused as a whole, as the server refuses 51.
 */
export function selectionFits(count: number, max: number = UPGRADE_LIMITS.batchMax): boolean {
  return count <= max;
}

/**
 * Row selection for a batch upgrade on a device list: kept across pages (by row key, with each row's serial
 * number), and never more than the batch limit; the selection that passes it is refused with the limit's
 * message and the previous one stays.
 */
export function useBatchSelection<T>(snOf: (row: T) => string, max: number = UPGRADE_LIMITS.batchMax) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [picked, setPicked] = useState<ReadonlyMap<Key, string>>(new Map());

  const rowSelection: TableRowSelection<T> = {
    selectedRowKeys: [...picked.keys()],
    preserveSelectedRowKeys: true,
    onChange: (keys, rows) => {
      if (!selectionFits(keys.length, max)) {
        void message.warning({ key: 'batch-limit', content: t('deviceCommon.upgrade.batch.limit', { max }) });
        return;
      }
      // Rows of other pages may come back undefined: their serial numbers are the ones already kept.
      const byKey = new Map<Key, string>();
      keys.forEach((k, i) => {
        const row = rows[i];
        const sn = row ? snOf(row) : picked.get(k);
        if (sn !== undefined) byKey.set(k, sn);
      });
      setPicked(byKey);
    },
  };

  return { rowSelection, sns: [...picked.values()], clear: () => setPicked(new Map()) };
}
