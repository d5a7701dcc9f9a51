import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, List, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraRow, CameraTestResult } from '@heliograph/shared';
import { cameraApi, cameraKeys } from './api';
import { StateTag } from './LiveTile';
import { testResultKey } from './logic';

/** The plant's cameras for those who manage them: add, edit, test and remove, beside the live grid. */
export function CameraManager({
  cameras,
  open,
  onClose,
  onAdd,
  onEdit,
  phone,
}: {
  cameras: readonly CameraRow[];
  open: boolean;
  onClose: () => void;
  onAdd: () => void;
  onEdit: (row: CameraRow) => void;
  phone: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [tests, setTests] = useState<Record<string, CameraTestResult>>({});
  const test = useMutation({
    mutationFn: cameraApi.test,
    onSuccess: async (r, id) => {
      setTests((m) => ({ ...m, [id]: r }));
      await qc.invalidateQueries({ queryKey: cameraKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: cameraApi.remove,
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('cameras.manage.title')}
      size={phone ? 'default' : 'large'}
      width={phone ? '100%' : 560}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="camera-add">
          {t('cameras.add')}
        </Button>
      }
    >
      <List<CameraRow>
        dataSource={[...cameras]}
        locale={{ emptyText: t('cameras.empty.title') }}
        data-testid="camera-manage-list"
        renderItem={(row) => {
          const res = tests[row.id];
          return (
            <List.Item
              key={row.id}
              actions={[
                <Button
                  key="test"
                  size="small"
                  loading={test.isPending && test.variables === row.id}
                  onClick={() => test.mutate(row.id)}
                >
                  {t('cameras.test.run')}
                </Button>,
                // A demo camera's kind is not one a user can choose, so the form could only turn it into another.
                <Tooltip key="edit" title={row.kind === 'simulated' ? t('cameras.manage.demoNoEdit') : undefined}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('cameras.manage.editName', { name: row.name })}
                    disabled={row.kind === 'simulated'}
                    onClick={() => onEdit(row)}
                  />
                </Tooltip>,
                <Popconfirm
                  key="delete"
                  title={t('cameras.manage.deleteConfirm', { name: row.name })}
                  description={t('cameras.manage.deleteHint')}
                  okText={t('cameras.manage.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('cameras.form.cancel')}
                  onConfirm={() => remove.mutateAsync(row.id)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('cameras.manage.deleteName', { name: row.name })}
                  />
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    <span>{row.name}</span>
                    <StateTag state={row.state} />
                  </Space>
                }
                description={
                  <Space direction="vertical" size={2}>
                    <span>
                      {t(`cameras.kinds.${row.kind}`)} · <bdi dir="ltr">{`${row.host}:${row.port}`}</bdi> ·{' '}
                      {t('cameras.manage.channels', { n: row.channels.length })}
                    </span>
                    <span>
                      <Tag>{t(`cameras.recording.${row.recording}`)}</Tag>
                    </span>
                    {res ? (
                      <Tag color={res.state === 'online' ? 'green' : 'red'} role="status">
                        {t(`cameras.test.${testResultKey(res)}`)}
                      </Tag>
                    ) : null}
                  </Space>
                }
              />
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}
