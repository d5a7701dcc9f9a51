import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import type { WeatherAuthRow, WeatherTestResult } from '@heliograph/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { formatLastSeen } from '../device-common/lastSeen';
import { acenterApi, acenterKeys } from './acenterApi';
import { weatherTestKey } from './logic';

const PAGE_SIZE = 10;

function LinkModal({ row, onClose }: { row: WeatherAuthRow | null; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ stationId: string; apiKey: string }>();
  const link = useMutation({
    mutationFn: (v: { stationId: string; apiKey: string }) =>
      acenterApi.linkWeather({ plantId: row?.plantId ?? '', provider: 'simulated', ...v }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: acenterKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      open={row !== null}
      title={t('acenter.weather.linkTitle', { plant: row?.plantName ?? '' })}
      okText={t('acenter.weather.link')}
      onOk={() => form.submit()}
      confirmLoading={link.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('acenter.weather.linkHint')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => link.mutate(v)}>
        <Form.Item
          name="stationId"
          label={t('acenter.weather.station')}
          rules={[{ required: true, whitespace: true, message: t('acenter.required') }]}
        >
          <Input maxLength={64} data-testid="weather-station-id" />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t('acenter.weather.apiKey')}
          extra={t('acenter.weather.apiKeyHelp')}
          rules={[
            { required: true, message: t('acenter.required') },
            { min: 8, message: t('acenter.weather.apiKeyMin') },
          ]}
        >
          <Input.Password maxLength={256} autoComplete="off" data-testid="weather-api-key" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Weather-station accounts per plant: link (key kept encrypted, shown masked), test, unlink. */
export function WeatherPanel(): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [linking, setLinking] = useState<WeatherAuthRow | null>(null);
  const [tests, setTests] = useState<Record<string, WeatherTestResult>>({});
  const list = useQuery({
    queryKey: acenterKeys.weather(q, page, PAGE_SIZE),
    queryFn: () => acenterApi.weather(q, page, PAGE_SIZE),
  });
  const test = useMutation({
    mutationFn: acenterApi.testWeather,
    onSuccess: (r, plantId) => setTests((m) => ({ ...m, [plantId]: r })),
  });
  const unlink = useMutation({
    mutationFn: acenterApi.unlinkWeather,
    onSuccess: () => qc.invalidateQueries({ queryKey: acenterKeys.all }),
  });
  return (
    <div data-testid="acenter-weather">
      <p className="hg-page-hint">{t('acenter.weather.hint')}</p>
      <div className="hg-acenter-toolbar">
        <Input.Search
          allowClear
          placeholder={t('acenter.weather.search')}
          aria-label={t('acenter.weather.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
      </div>
      {list.isError ? <Alert type="error" showIcon message={t('acenter.loadFailed')} /> : null}
      <Table<WeatherAuthRow>
        rowKey="plantId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: q ? t('acenter.noMatch') : t('acenter.noPlants') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'plant', title: t('acenter.plant'), render: (_, r) => r.plantName },
          {
            key: 'link',
            title: t('acenter.weather.account'),
            render: (_, r) =>
              r.link ? (
                <span>
                  <Tag color="green">{t('acenter.weather.linked')}</Tag>
                  {t(`acenter.providers.${r.link.provider}`)} · {r.link.stationId} · <bdi dir="ltr">{r.link.hint}</bdi>
                  <br />
                  {t('acenter.weather.linkedBy', { who: r.link.linkedBy ?? '--' })}{' '}
                  <Quantity>{formatLastSeen(r.link.linkedAt)}</Quantity>
                </span>
              ) : (
                <Tag>{t('acenter.weather.notLinked')}</Tag>
              ),
          },
          {
            key: 'test',
            title: t('acenter.weather.test.title'),
            render: (_, r) => {
              const res = tests[r.plantId];
              if (!res) return '--';
              return (
                <Tag color={res.ok ? 'green' : 'red'} role="status">
                  {t(`acenter.weather.test.${weatherTestKey(res)}`)}
                </Tag>
              );
            },
          },
          {
            key: 'actions',
            title: t('acenter.actions'),
            render: (_, r) => (
              <Space wrap>
                <Button size="small" onClick={() => setLinking(r)}>
                  {r.link ? t('acenter.weather.relink') : t('acenter.weather.link')}
                </Button>
                {r.link ? (
                  <>
                    <Button
                      size="small"
                      loading={test.isPending && test.variables === r.plantId}
                      onClick={() => test.mutate(r.plantId)}
                    >
                      {t('acenter.weather.test.run')}
                    </Button>
                    <Popconfirm
                      title={t('acenter.weather.unlinkConfirm', { plant: r.plantName })}
                      okText={t('acenter.weather.unlink')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => unlink.mutateAsync(r.plantId)}
                    >
                      <Button size="small" danger>
                        {t('acenter.weather.unlink')}
                      </Button>
                    </Popconfirm>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <LinkModal row={linking} onClose={() => setLinking(null)} />
    </div>
  );
}
