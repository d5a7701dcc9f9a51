import type { OperationLogPage, OperationRow } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag, parseResult } from './CommandStatusTag';
import { fetchOperationLog, operationLogKey } from './commandApi';
import { cardPagination, useScrollRegion } from '../../components/list';

interface Props {
  /** Serial number of the gateway or device (or a plant id). */
  target: string;
  /**
   * Where the rows come from when they are not the log of `target` alone (the log of a plant's devices): the
   * query key and the fetch of a page. The table then shows which device each row is about.
   */
  source?: { key: readonly unknown[]; fetch: (page: number, size: number) => Promise<OperationLogPage> };
  /** Turns an operation key ('inverter.boot') into the person's language; the key itself by default. */
  describe?: (operation: string) => string;
}

const PAGE_SIZE = 10;

/** Who did what to a device, when, from where, with the old and new value and how it ended (spec §3). */
const UPGRADE_OPS: Record<string, string> = {
  'upgrade.start': 'deviceCommon.log.upgradeStart',
  'upgrade.cancel': 'deviceCommon.log.upgradeCancel',
};

export function OperationLogTable({ target, source, describe = (op) => op }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // A phone scrolls the table sideways: the scrolling box is reachable and named for keyboards (WCAG 2.1.1).
  const labelId = useId();
  const box = useScrollRegion(labelId);
  const log = useQuery({
    queryKey: [...(source?.key ?? operationLogKey(target)), page],
    queryFn: () => (source ? source.fetch(page, PAGE_SIZE) : fetchOperationLog(target, page, PAGE_SIZE)),
  });
  const columns: ColumnsType<OperationRow> = [
    {
      title: t('deviceCommon.log.time'),
      dataIndex: 'at',
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
      width: 170,
    },
    ...(source ? [{ title: t('deviceCommon.log.target'), dataIndex: 'target' }] : []),
    { title: t('deviceCommon.log.operator'), dataIndex: 'operator', render: (v: string | null) => v ?? '--' },
    {
      title: t('deviceCommon.log.operation'),
      dataIndex: 'operation',
      // Upgrades are logged alike for every kind (modules/upgrades): named here, not on each device page.
      render: (op: string) => {
        const key = UPGRADE_OPS[op];
        return key ? t(key) : describe(op);
      },
    },
    {
      title: t('deviceCommon.log.change'),
      key: 'change',
      render: (_: unknown, r) =>
        r.oldValue === null && r.newValue === null ? (
          '--'
        ) : (
          <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 260 }}>
            {`${r.oldValue ?? '--'} ${t('deviceCommon.log.arrow')} ${r.newValue ?? '--'}`}
          </Typography.Text>
        ),
    },
    {
      title: t('deviceCommon.log.result'),
      dataIndex: 'result',
      render: (result: string) => {
        const { status, reason } = parseResult(result);
        return (
          <>
            {status ? <CommandStatusTag status={status} /> : <Tag>{result}</Tag>}
            {reason ? <Typography.Text type="secondary">{reason}</Typography.Text> : null}
          </>
        );
      },
    },
    { title: t('deviceCommon.log.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '--', responsive: ['md'] },
  ];
  return (
    <div ref={box}>
      <span id={labelId} className="hg-visually-hidden">
        {t('deviceCommon.log.title')}
      </span>
      <Table<OperationRow>
        data-testid="operation-log"
        size="small"
        rowKey="id"
        loading={log.isLoading}
        columns={columns}
        dataSource={log.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: log.isError ? t('deviceCommon.log.error') : t('deviceCommon.log.empty') }}
        pagination={cardPagination(page, PAGE_SIZE, log.data?.total, setPage)}
      />
    </div>
  );
}
