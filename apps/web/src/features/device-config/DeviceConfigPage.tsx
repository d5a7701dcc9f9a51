import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Grid, Input, Space, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIG_FILE_ACCEPT, DEVICE_PROFILE_LIMITS, fieldMessage } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { formatBytes, formatTime } from '../../components/fileFormat';
import { Quantity } from '../../components/Quantity';
import { currentLang } from '../../i18n';
import { downloadFile } from '../device-common/download';
import { LoadFailed } from '../device-common/LoadFailed';
import { profileApi, profileKeys, type DeviceProfile, type DeviceProfileFile } from './api';
import { ProfileNameDialog } from './ProfileNameDialog';
import './device-config.css';

/** One profile: its files, upload, rename and delete. */
function ProfileCard({ profile, onRename }: { profile: DeviceProfile; onRename: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  const full = profile.files.length >= DEVICE_PROFILE_LIMITS.files;
  const upload = useMutation({
    mutationFn: (f: File) => profileApi.upload(profile.id, f),
    onSuccess: (_, f) => {
      void message.success(t('deviceConfig.uploaded', { name: f.name }));
      refresh();
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.notified) return;
      void message.error(err.fields[0]?.message ?? err.message);
    },
  });
  const removeFile = useMutation({
    mutationFn: (fileId: string) => profileApi.removeFile(profile.id, fileId),
    onSuccess: () => {
      void message.success(t('deviceConfig.fileDeleted'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => profileApi.remove(profile.id),
    onSuccess: () => {
      void message.success(t('deviceConfig.deleted', { name: profile.name }));
      refresh();
    },
  });

  const columns: ColumnsType<DeviceProfileFile> = [
    {
      title: t('deviceConfig.fileName'),
      dataIndex: 'name',
      render: (n: string) => <bdi className="hg-dc-file">{n}</bdi>,
    },
    {
      title: t('deviceConfig.size'),
      dataIndex: 'size',
      width: wide ? 100 : 64,
      render: (n: number) => <Quantity>{formatBytes(n)}</Quantity>,
    },
    {
      title: t('deviceConfig.uploadedAt'),
      dataIndex: 'uploadedAt',
      width: 170,
      responsive: ['md'],
      render: (ms: number) => <Quantity>{formatTime(ms)}</Quantity>,
    },
    {
      title: t('deviceConfig.actions'),
      key: 'actions',
      width: wide ? 220 : 88,
      render: (_: unknown, f) => (
        <Space size={0} wrap>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            aria-label={wide ? undefined : t('deviceConfig.downloadNamed', { name: f.name })}
            data-testid={`file-download-${f.name}`}
            onClick={() =>
              void downloadFile(profileApi.fileUrl(profile.id, f.id), { fallbackName: f.name }).catch(() => undefined)
            }
          >
            {wide && t('deviceConfig.download')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={wide ? undefined : t('deviceConfig.deleteFileNamed', { name: f.name })}
            data-testid={`file-delete-${f.name}`}
            onClick={() =>
              modal.confirm({
                title: t('deviceConfig.deleteFileTitle', { name: f.name }),
                okText: t('deviceConfig.delete'),
                okButtonProps: { danger: true },
                cancelText: t('deviceConfig.cancel'),
                onOk: () => removeFile.mutateAsync(f.id),
              })
            }
          >
            {wide && t('deviceConfig.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      className="hg-dc-card"
      data-testid={`profile-${profile.name}`}
      title={
        <h2 className="hg-dc-name">
          <bdi>{profile.name}</bdi>
        </h2>
      }
      extra={<Tag>{t('deviceConfig.fileCount', { n: profile.files.length, max: DEVICE_PROFILE_LIMITS.files })}</Tag>}
    >
      <Space wrap className="hg-dc-actions">
        <Upload
          accept={CONFIG_FILE_ACCEPT}
          showUploadList={false}
          disabled={full || upload.isPending}
          beforeUpload={(f) => {
            if (f.size > DEVICE_PROFILE_LIMITS.fileBytes) void message.error(fieldMessage('configFileSize', lang));
            else upload.mutate(f);
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            disabled={full}
            loading={upload.isPending}
            data-testid={`profile-upload-${profile.name}`}
          >
            {t('deviceConfig.upload')}
          </Button>
        </Upload>
        <Button icon={<EditOutlined />} onClick={onRename} data-testid={`profile-rename-${profile.name}`}>
          {t('deviceConfig.rename')}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          data-testid={`profile-delete-${profile.name}`}
          onClick={() =>
            modal.confirm({
              title: t('deviceConfig.deleteTitle', { name: profile.name }),
              content: t('deviceConfig.deleteBody', { n: profile.files.length }),
              okText: t('deviceConfig.delete'),
              okButtonProps: { danger: true },
              cancelText: t('deviceConfig.cancel'),
              onOk: () => remove.mutateAsync(),
            })
          }
        >
          {t('deviceConfig.delete')}
        </Button>
      </Space>
      <p className="hg-page-hint">
        {full ? t('deviceConfig.filesFull', { max: DEVICE_PROFILE_LIMITS.files }) : t('deviceConfig.fileRule')}
      </p>
      <Table<DeviceProfileFile>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={profile.files}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceConfig.noFiles')} /> }}
        data-testid={`profile-files-${profile.name}`}
      />
    </Card>
  );
}

/**
 * /management/device-config — device configuration profiles (spec §2.3 "Management: … device configuration",
 * §9 "up to 6 profiles and 6 config files"): at most six named profiles, each holding at most six text config
 * files, created, renamed and deleted (after a confirmation), files uploaded, downloaded and removed. Six
 * profiles fit on one page, so the list is searched (by profile or file name) but not paged.
 */
export default function DeviceConfigPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ profile: DeviceProfile | null } | null>(null);
  const list = useQuery({ queryKey: profileKeys.all, queryFn: profileApi.list });
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      (list.data ?? []).filter(
        (p) =>
          !needle ||
          p.name.toLowerCase().includes(needle) ||
          p.files.some((f) => f.name.toLowerCase().includes(needle)),
      ),
    [list.data, needle],
  );
  const full = (list.data?.length ?? 0) >= DEVICE_PROFILE_LIMITS.profiles;

  if (list.isError && !list.data)
    return (
      <LoadFailed card title={t('deviceConfig.loadFailed')} retry={list.refetch} retryText={t('deviceConfig.retry')} />
    );

  return (
    <section className="hg-page-card hg-dc" aria-labelledby="device-config-title" data-testid="device-config">
      <header className="hg-page-header">
        <div>
          <h1 id="device-config-title" className="hg-page-title">
            {t('page.deviceConfig')}
          </h1>
          <p className="hg-page-hint">
            {full
              ? t('deviceConfig.profilesFull', { max: DEVICE_PROFILE_LIMITS.profiles })
              : t('deviceConfig.hint', {
                  profiles: DEVICE_PROFILE_LIMITS.profiles,
                  files: DEVICE_PROFILE_LIMITS.files,
                })}
          </p>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => setEditing({ profile: null })}
          data-testid="profile-create"
        >
          {t('deviceConfig.newProfile')}
        </Button>
      </header>
      <Input.Search
        allowClear
        className="hg-dc-search"
        value={search}
        maxLength={64}
        placeholder={t('deviceConfig.searchPlaceholder')}
        aria-label={t('deviceConfig.searchPlaceholder')}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="profile-search"
      />
      {list.isLoading ? (
        <Card loading className="hg-dc-card" aria-busy="true" />
      ) : shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={needle ? t('deviceConfig.noMatch') : t('deviceConfig.none')}
          data-testid="profiles-empty"
        />
      ) : (
        <div className="hg-dc-grid">
          {shown.map((p) => (
            <ProfileCard key={p.id} profile={p} onRename={() => setEditing({ profile: p })} />
          ))}
        </div>
      )}
      <ProfileNameDialog open={editing !== null} profile={editing?.profile ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}
