import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Table } from 'antd';
import type { CameraRow } from '@heliograph/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cameraApi, cameraKeys } from './api';
import { StateTag } from './LiveTile';
import { camerasPath } from './logic';
import './cameras.css';

const PAGE_SIZE = 20;

/**
 * device/camera — every camera the member may see, across plants: the Devices menu's way in to each plant's live
 * grid and recordings (cameras are added on the plant's own cameras page).
 */
export default function CamerasIndexPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: cameraKeys.list(q, page, PAGE_SIZE),
    queryFn: () => cameraApi.list(q, page, PAGE_SIZE),
  });
  return (
    <div className="hg-page-card" data-testid="cameras-index">
      <h1 className="hg-cam-title">{t('page.cameras')}</h1>
      <p className="hg-page-hint">{t('cameras.index.hint')}</p>
      <div className="hg-cam-index-toolbar">
        <Input.Search
          allowClear
          placeholder={t('cameras.index.search')}
          aria-label={t('cameras.index.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('cameras.loadFailed')}
          action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      ) : null}
      <Table<CameraRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: q ? t('cameras.index.noMatch') : t('cameras.index.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'name', title: t('cameras.form.name'), render: (_, r) => r.name },
          {
            key: 'plant',
            title: t('cameras.index.plant'),
            render: (_, r) => (
              <Link to={camerasPath(r.plantId)} data-testid="camera-plant-link">
                {r.plantName}
              </Link>
            ),
          },
          { key: 'kind', title: t('cameras.form.kind'), render: (_, r) => t(`cameras.kinds.${r.kind}`) },
          { key: 'channels', title: t('cameras.form.channels'), render: (_, r) => r.channels.length },
          {
            key: 'recording',
            title: t('cameras.form.recording'),
            render: (_, r) => t(`cameras.recording.${r.recording}`),
          },
          { key: 'state', title: t('cameras.index.state'), render: (_, r) => <StateTag state={r.state} /> },
        ]}
      />
    </div>
  );
}
