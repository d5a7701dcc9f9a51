import { RadarChartOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERROR_CODES,
  fieldMessage,
  PROTOCOL_LIMITS,
  protocolNameProblem,
  type ProtocolInput,
} from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { useScrollRegion } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { currentLang } from '../../i18n';
import { protocolApi, protocolKeys, type DiscoverScanAnswer, type ProtocolRow } from './api';

interface Props {
  open: boolean;
  onClose: (saved?: ProtocolRow) => void;
}

type Model = DiscoverScanAnswer['models'][number];
const FIELDS = ['code', 'manufacturer', 'protocolVersion', 'configureVersion'];

/**
 * "Discover from a gateway" (issue 14 item 4): pick a gateway by serial number, have it scan its SunSpec
 * device, see the models found and the configs proposed from them, name the protocol and save it.
 */
export function DiscoverDialog({ open, onClose }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = currentLang();
  const [form] = Form.useForm<ProtocolInput>();
  const [search, setSearch] = useState('');
  const [gatewaySn, setGatewaySn] = useState<string | undefined>();
  const gateways = useQuery({
    queryKey: protocolKeys.gateways(search),
    queryFn: () => protocolApi.gateways(search),
    enabled: open,
  });
  const scan = useMutation({
    mutationFn: (sn: string) => protocolApi.discoverScan({ gatewaySn: sn }),
    onSuccess: (answer) =>
      form.setFieldsValue({
        code: '',
        manufacturer: answer.proposal.manufacturer,
        protocolVersion: answer.proposal.protocolVersion,
        configureVersion: '1',
      }),
  });
  const found = scan.data?.status === 'succeeded' ? scan.data : null;
  const save = useMutation({
    mutationFn: (v: ProtocolInput) =>
      protocolApi.discoverSave({
        ...v,
        gatewaySn: found?.gatewaySn,
        models: (found?.proposal.configs ?? []).map((c) => ({ id: c.model, address: c.address })),
      }),
    onSuccess: (row) => {
      void message.success(t('protocols.saved', { name: row.code }));
      void queryClient.invalidateQueries({ queryKey: protocolKeys.all });
      close(row);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === ERROR_CODES.protocolExists) setFieldError(form, 'code', err.message);
      else applyServerErrors(form, err, FIELDS);
    },
  });
  const close = (row?: ProtocolRow) => {
    scan.reset();
    save.reset();
    setGatewaySn(undefined);
    setSearch('');
    onClose(row);
  };

  const problem = (() => {
    if (scan.error instanceof ApiError && scan.error.code === ERROR_CODES.deviceOffline)
      return t('protocols.discover.offline', { sn: gatewaySn });
    if (scan.error instanceof ApiError && scan.error.code === ERROR_CODES.gatewayNotFound)
      return t('protocols.discover.noGateway');
    if (scan.error) return t('protocols.discover.failed');
    if (scan.data?.status === 'failed') return t('protocols.discover.noSunSpec', { reason: scan.data.error ?? '' });
    if (scan.data && scan.data.status !== 'succeeded') return t('protocols.discover.timedOut');
    return null;
  })();
  const modelsBox = useScrollRegion('discover-found');
  const proposed = new Map((found?.proposal.configs ?? []).map((c) => [c.model, c]));

  return (
    <Modal
      open={open}
      width={760}
      title={t('protocols.discover.title')}
      okText={t('protocols.discover.save')}
      cancelText={t('protocols.cancel')}
      okButtonProps={{ disabled: !found || proposed.size === 0, 'data-testid': 'discover-save' }}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      onCancel={() => close()}
      destroyOnHidden
    >
      <p className="hg-page-hint">{t('protocols.discover.hint')}</p>
      <Space.Compact style={{ width: '100%', marginBlockEnd: 16 }}>
        <Select
          showSearch
          allowClear
          style={{ width: '100%' }}
          placeholder={t('protocols.discover.gateway')}
          aria-label={t('protocols.discover.gateway')}
          filterOption={false}
          onSearch={setSearch}
          value={gatewaySn}
          onChange={(v: string | undefined) => {
            setGatewaySn(v);
            scan.reset();
          }}
          loading={gateways.isFetching}
          notFoundContent={t('protocols.discover.noGateways')}
          options={(gateways.data?.rows ?? []).map((g) => ({
            value: g.sn,
            label: `${g.sn}${g.alias ? ` · ${g.alias}` : ''} · ${t(g.online ? 'protocols.discover.online' : 'protocols.discover.offlineTag')}`,
          }))}
          data-testid="discover-gateway"
        />
        <Button
          type="primary"
          icon={<RadarChartOutlined />}
          disabled={!gatewaySn}
          loading={scan.isPending}
          onClick={() => gatewaySn && scan.mutate(gatewaySn)}
          data-testid="discover-scan"
        >
          {t('protocols.discover.scan')}
        </Button>
      </Space.Compact>
      {scan.isPending ? <Alert type="info" showIcon message={t('protocols.discover.scanning')} /> : null}
      {problem ? <Alert type="warning" showIcon message={problem} data-testid="discover-problem" /> : null}
      {found ? (
        <>
          <Alert
            type="success"
            showIcon
            style={{ marginBlockEnd: 12 }}
            message={
              <span id="discover-found">
                {t('protocols.discover.found', {
                  n: found.models.length,
                  device: found.device ?? '',
                  base: found.base ?? 0,
                  unit: found.unitId ?? 0,
                })}
              </span>
            }
          />
          <div ref={modelsBox}>
            <Table<Model>
              rowKey={(m) => `${m.id}@${m.address}`}
              size="small"
              pagination={false}
              dataSource={found.models}
              data-testid="discover-models"
              scroll={{ x: 'max-content' }}
              style={{ marginBlockEnd: 16 }}
              columns={[
                { key: 'id', title: t('protocols.discover.model'), render: (_, m) => <Quantity>{m.id}</Quantity> },
                {
                  key: 'name',
                  title: t('protocols.discover.modelName'),
                  render: (_, m) => (m.label ? <bdi>{m.label}</bdi> : <Tag>{t('protocols.discover.unknown')}</Tag>),
                },
                {
                  key: 'address',
                  title: t('protocols.discover.address'),
                  render: (_, m) => <Quantity>{m.address}</Quantity>,
                },
                {
                  key: 'length',
                  title: t('protocols.discover.length'),
                  render: (_, m) => <Quantity>{m.length}</Quantity>,
                },
                {
                  key: 'config',
                  title: t('protocols.discover.config'),
                  render: (_, m) => {
                    const c = proposed.get(m.id);
                    return c ? (
                      <span>
                        <bdi>{c.name}</bdi> · {t('protocols.discover.columns', { n: c.columns.length })}
                      </span>
                    ) : (
                      '--'
                    );
                  },
                },
              ]}
            />
          </div>
          <Form form={form} layout="vertical" requiredMark="optional">
            <Form.Item
              name="code"
              label={t('protocols.code')}
              extra={t('protocols.codeHint')}
              rules={[
                { required: true, whitespace: true, message: fieldMessage('required', lang) },
                {
                  validator: (_, v: string | undefined) => {
                    const p = protocolNameProblem((v ?? '').trim());
                    return p ? Promise.reject(new Error(fieldMessage(p, lang))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input maxLength={PROTOCOL_LIMITS.nameMax} dir="ltr" data-testid="discover-code" />
            </Form.Item>
            <Space wrap style={{ width: '100%' }}>
              <Form.Item
                name="manufacturer"
                label={t('protocols.manufacturer')}
                rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
              >
                <Input maxLength={PROTOCOL_LIMITS.textMax} />
              </Form.Item>
              <Form.Item
                name="protocolVersion"
                label={t('protocols.protocolVersion')}
                rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
              >
                <Input maxLength={PROTOCOL_LIMITS.textMax} />
              </Form.Item>
              <Form.Item name="configureVersion" label={t('protocols.configureVersion')}>
                <Input maxLength={PROTOCOL_LIMITS.textMax} />
              </Form.Item>
            </Space>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
