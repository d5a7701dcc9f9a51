import { UPGRADE_PERMISSION, type RolloutRow, type RolloutState } from '@heliograph/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardPagination, listEmpty } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { upgradeTime, viewerZone } from '../device-common/upgrade/format';
import { firmwareApi, firmwareKeys } from './api';

const PAGE_SIZE = 10;

const COLOR: Record<RolloutState, string> = {
  running: 'processing',
  halted: 'warning',
  aborted: 'default',
  done: 'success',
};

/**
 * The maintenance log's "Rollouts" tab: each staged batch upgrade with its wave (x of y) and how many devices
 * succeeded, failed or wait; a halted one (a wave failed too often) may be resumed or aborted, the abort asked
 * first. "Records" opens the upgrade records of that rollout alone.
 */
export function Rollouts({
  onShowRecords,
  tz = viewerZone(),
}: {
  onShowRecords: (rolloutId: string) => void;
  tz?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: firmwareKeys.rollouts(page),
    queryFn: () => firmwareApi.rollouts(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resume' | 'abort' }) =>
      action === 'resume' ? firmwareApi.resumeRollout(id) : firmwareApi.abortRollout(id),
    onSuccess: (_, { action }) => {
      void message.success(t(action === 'resume' ? 'firmware.rollouts.resumed' : 'firmware.rollouts.aborted'));
      void queryClient.invalidateQueries({ queryKey: ['firmware', 'rollouts'] });
      void queryClient.invalidateQueries({ queryKey: ['firmware', 'upgradeRecords'] });
    },
  });
  const abort = (r: RolloutRow) =>
    modal.confirm({
      title: t('firmware.rollouts.abortTitle', { version: r.toVersion }),
      content: t('firmware.rollouts.abortBody', { n: r.pending }),
      okText: t('firmware.rollouts.abort'),
      okButtonProps: { danger: true },
      cancelText: t('firmware.rollouts.keep'),
      onOk: () => act.mutateAsync({ id: r.id, action: 'abort' }),
    });

  const columns: ColumnsType<RolloutRow> = [
    {
      title: t('firmware.rollouts.version'),
      key: 'version',
      render: (_, r) => (
        <span className="hg-fw-product">
          <Quantity>{r.toVersion}</Quantity>
          <small>{t(`firmware.hardware.kinds.${r.kind}`)}</small>
        </span>
      ),
    },
    {
      title: t('firmware.rollouts.state'),
      key: 'state',
      render: (_, r) => <Tag color={COLOR[r.state]}>{t(`firmware.rollouts.states.${r.state}`)}</Tag>,
    },
    {
      title: t('firmware.rollouts.wave'),
      key: 'wave',
      render: (_, r) => <Quantity>{t('firmware.rollouts.waveOf', { wave: r.wave, waves: r.waves })}</Quantity>,
    },
    {
      title: t('firmware.rollouts.progress'),
      key: 'progress',
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color="success">{t('firmware.rollouts.succeeded', { n: r.succeeded })}</Tag>
          <Tag color="error">{t('firmware.rollouts.failed', { n: r.failed })}</Tag>
          <Tag>{t('firmware.rollouts.pending', { n: r.pending })}</Tag>
        </Space>
      ),
    },
    {
      title: t('firmware.rollouts.plan'),
      key: 'plan',
      responsive: ['lg'],
      render: (_, r) => (
        <Quantity>{t('firmware.rollouts.planText', { wave: r.wavePercent, halt: r.haltPercent })}</Quantity>
      ),
    },
    { title: t('firmware.records.operator'), dataIndex: 'operator', responsive: ['lg'] },
    {
      title: t('firmware.records.started'),
      key: 'created',
      responsive: ['md'],
      render: (_, r) => <Quantity>{upgradeTime(r.createdAt, tz)}</Quantity>,
    },
    {
      title: t('firmware.actions'),
      key: 'actions',
      render: (_, r) => {
        const may = held.has(UPGRADE_PERMISSION[r.kind]);
        const busy = act.isPending && act.variables?.id === r.id;
        return (
          <Space size={4} wrap>
            <Button
              type="link"
              size="small"
              onClick={() => onShowRecords(r.id)}
              data-testid={`rollout-records-${r.id}`}
            >
              {t('firmware.rollouts.records')}
            </Button>
            {may && r.state === 'halted' ? (
              <>
                <Button
                  size="small"
                  loading={busy && act.variables?.action === 'resume'}
                  onClick={() => act.mutate({ id: r.id, action: 'resume' })}
                  data-testid={`rollout-resume-${r.id}`}
                >
                  {t('firmware.rollouts.resume')}
                </Button>
                <Button size="small" danger onClick={() => abort(r)} data-testid={`rollout-abort-${r.id}`}>
                  {t('firmware.rollouts.abort')}
                </Button>
              </>
            ) : null}
          </Space>
        );
      },
    },
  ];

  if (list.isError && !list.data)
    return (
      <LoadFailed title={t('firmware.rollouts.loadFailed')} retry={list.refetch} retryText={t('firmware.retry')} />
    );
  return (
    <div data-testid="upgrade-rollouts">
      <h2 className="hg-fw-section">{t('firmware.rollouts.title')}</h2>
      <p className="hg-page-hint">{t('firmware.rollouts.hint')}</p>
      <Table<RolloutRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={cardPagination(page, PAGE_SIZE, list.data?.total, setPage)}
        locale={listEmpty(false, '', t('firmware.rollouts.none'))}
        data-testid="rollouts-table"
      />
    </div>
  );
}
