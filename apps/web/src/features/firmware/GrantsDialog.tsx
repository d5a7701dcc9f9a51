import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/fileFormat';
import { Quantity } from '../../components/Quantity';
import { firmwareApi, firmwareKeys, type FirmwareGrantRow, type FirmwareRow } from './api';

/**
 * firmware/auth for one firmware (spec §6 "Firmware can be authorised to other companies and revoked"): the
 * companies it is authorised to, a company picker to add one, and revoking after a confirmation.
 */
export function GrantsDialog({
  row,
  onClose,
  onChanged,
}: {
  row: FirmwareRow | null;
  onClose: () => void;
  onChanged: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const id = row?.id ?? '';
  const grants = useQuery({ queryKey: firmwareKeys.grants(id), queryFn: () => firmwareApi.grants(id), enabled: !!row });
  const companies = useQuery({
    queryKey: firmwareKeys.companies(query),
    queryFn: () => firmwareApi.companies(query),
    enabled: !!row,
  });
  const after = (list: FirmwareGrantRow[]) => {
    queryClient.setQueryData(firmwareKeys.grants(id), list);
    onChanged();
  };
  const grant = useMutation({
    mutationFn: (companyId: string) => firmwareApi.grant(id, companyId),
    onSuccess: (list) => {
      void message.success(t('firmware.granted'));
      setPicked(undefined);
      after(list);
    },
  });
  const revoke = useMutation({
    mutationFn: (companyId: string) => firmwareApi.revoke(id, companyId),
    onSuccess: (list) => {
      void message.success(t('firmware.revoked'));
      after(list);
    },
  });
  const held = new Set((grants.data ?? []).map((g) => g.companyId));
  const name = row ? `${row.product} ${row.softwareVersion}` : '';

  return (
    <Modal
      open={row !== null}
      title={t('firmware.grantsTitle', { name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('firmware.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      <p className="hg-fw-muted">{t('firmware.grantsHint')}</p>
      <Space.Compact style={{ width: '100%', marginBlockEnd: 16 }}>
        <Select
          style={{ flex: 1 }}
          value={picked}
          onChange={setPicked}
          placeholder={t('firmware.pickCompany')}
          aria-label={t('firmware.pickCompany')}
          showSearch={{ filterOption: false, onSearch: setQuery }}
          loading={companies.isFetching}
          options={(companies.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name, disabled: held.has(c.id) }))}
          data-testid="firmware-grant-company"
        />
        <Button
          type="primary"
          disabled={!picked}
          loading={grant.isPending}
          onClick={() => picked && grant.mutate(picked)}
          data-testid="firmware-grant"
        >
          {t('firmware.grant')}
        </Button>
      </Space.Compact>
      <Table<FirmwareGrantRow>
        rowKey="companyId"
        size="small"
        loading={grants.isLoading}
        dataSource={grants.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.noGrants')} /> }}
        columns={[
          { title: t('firmware.company'), dataIndex: 'companyName', render: (v: string) => <bdi>{v}</bdi> },
          {
            title: t('firmware.grantedAt'),
            dataIndex: 'grantedAt',
            responsive: ['sm'],
            render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
          },
          {
            title: t('firmware.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, g) => (
              <Button
                type="link"
                danger
                aria-label={t('firmware.revokeNamed', { name: g.companyName })}
                onClick={() =>
                  modal.confirm({
                    title: t('firmware.revokeTitle', { name: g.companyName }),
                    content: t('firmware.revokeBody'),
                    okText: t('firmware.revoke'),
                    okButtonProps: { danger: true },
                    cancelText: t('firmware.cancel'),
                    onOk: () => revoke.mutateAsync(g.companyId),
                  })
                }
              >
                {t('firmware.revoke')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
