import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Slider, Switch, Table } from 'antd';
import { LIGHT_LIMITS, type LightRow } from '@heliograph/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Quantity } from '../../components/Quantity';
import { formatLastSeen } from '../device-common/lastSeen';
import { acenterApi, acenterKeys } from './acenterApi';
import { oauthReturn, sliderBrightness } from './logic';

const PAGE_SIZE = 10;

/** The company's provider account: link (OAuth, leaving for the provider's consent page) or unlink. */
function AccountCard(): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const account = useQuery({ queryKey: acenterKeys.account, queryFn: acenterApi.account });
  const start = useMutation({
    mutationFn: acenterApi.startOauth,
    onSuccess: (r) => window.location.assign(r.url),
  });
  const unlink = useMutation({
    mutationFn: acenterApi.unlink,
    onSuccess: () => qc.invalidateQueries({ queryKey: acenterKeys.all }),
  });
  const a = account.data;
  return (
    <Card size="small" className="hg-acenter-account" title={t('acenter.lights.account')} data-testid="light-account">
      {account.isError ? (
        <Alert type="error" showIcon message={t('acenter.loadFailed')} />
      ) : !a ? (
        <p aria-busy="true">{t('acenter.loading')}</p>
      ) : a.linked ? (
        <>
          <p data-testid="light-account-linked">
            {t('acenter.lights.linked', { provider: t(`acenter.providers.${a.provider}`), who: a.linkedBy ?? '--' })}{' '}
            <Quantity>{formatLastSeen(a.linkedAt)}</Quantity>
          </p>
          <Popconfirm
            title={t('acenter.lights.unlinkConfirm')}
            okText={t('acenter.lights.unlink')}
            okButtonProps={{ danger: true }}
            onConfirm={() => unlink.mutateAsync()}
          >
            <Button danger>{t('acenter.lights.unlink')}</Button>
          </Popconfirm>
        </>
      ) : (
        <>
          <p>{t('acenter.lights.notLinked')}</p>
          <Button type="primary" loading={start.isPending} onClick={() => start.mutate()} data-testid="light-link">
            {t('acenter.lights.link', { provider: t(`acenter.providers.${a.provider}`) })}
          </Button>
        </>
      )}
    </Card>
  );
}

/** Binds a bulb of the account to a plant the caller may change, with a name. */
function BindModal({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ bulb: string; plantId: string; alias: string }>();
  const [plantSearch, setPlantSearch] = useState('');
  const bulbs = useQuery({ queryKey: acenterKeys.bulbs, queryFn: acenterApi.bulbs, enabled: open });
  const plants = useQuery({
    queryKey: ['acenter', 'plants', plantSearch],
    queryFn: () => acenterApi.plants(plantSearch),
    enabled: open,
  });
  const bind = useMutation({
    mutationFn: (v: { bulb: string; plantId: string; alias: string }) => acenterApi.bind(v.plantId, v.bulb, v.alias),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: acenterKeys.all });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('acenter.lights.bindTitle')}
      okText={t('acenter.lights.bind')}
      onOk={() => form.submit()}
      confirmLoading={bind.isPending}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'light-bind-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={(v) => bind.mutate(v)} requiredMark>
        <Form.Item
          name="bulb"
          label={t('acenter.lights.bulb')}
          rules={[{ required: true, message: t('acenter.required') }]}
        >
          <Select
            data-testid="light-bind-bulb"
            loading={bulbs.isLoading}
            notFoundContent={t('acenter.lights.noBulbs')}
            options={(bulbs.data ?? []).map((b) => ({ value: b.bulb, label: `${b.name} (${b.model})` }))}
            onChange={(v: string) => {
              if (!form.getFieldValue('alias'))
                form.setFieldValue('alias', bulbs.data?.find((b) => b.bulb === v)?.name);
            }}
          />
        </Form.Item>
        <Form.Item
          name="plantId"
          label={t('acenter.plant')}
          rules={[{ required: true, message: t('acenter.required') }]}
        >
          <Select
            data-testid="light-bind-plant"
            showSearch={{ filterOption: false, onSearch: setPlantSearch }}
            loading={plants.isLoading}
            notFoundContent={t('acenter.noPlants')}
            options={(plants.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="alias"
          label={t('acenter.lights.alias')}
          rules={[
            { required: true, whitespace: true, message: t('acenter.required') },
            { max: LIGHT_LIMITS.aliasMax, message: t('acenter.lights.aliasMax', { n: LIGHT_LIMITS.aliasMax }) },
          ]}
        >
          <Input data-testid="light-bind-alias" maxLength={LIGHT_LIMITS.aliasMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Switch and dimmer of one bulb: the slider and the number send when let go, whole numbers 0–100. */
function LightControls({ row }: { row: LightRow }): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState(row.brightness);
  const last = useRef(row.brightness);
  useEffect(() => {
    setValue(row.brightness);
    last.current = row.brightness;
  }, [row.brightness]);
  const set = useMutation({
    mutationFn: (v: { on: boolean; brightness: number }) => acenterApi.setting(row.id, v),
    onSettled: () => qc.invalidateQueries({ queryKey: ['acenter'] }),
  });
  const commit = (b: number) => {
    const brightness = sliderBrightness(b);
    setValue(brightness);
    if (brightness === last.current) return;
    last.current = brightness;
    set.mutate({ on: row.on, brightness });
  };
  return (
    <div className="hg-acenter-dim">
      <Switch
        checked={row.on}
        loading={set.isPending}
        aria-label={t('acenter.lights.switchLabel', { name: row.alias })}
        onChange={(on) => set.mutate({ on, brightness: value })}
        data-testid="light-switch"
      />
      <Slider
        min={LIGHT_LIMITS.brightnessMin}
        max={LIGHT_LIMITS.brightnessMax}
        step={1}
        value={value}
        onChange={setValue}
        onChangeComplete={commit}
        ariaLabelForHandle={t('acenter.lights.dimLabel', { name: row.alias })}
      />
      <InputNumber
        min={LIGHT_LIMITS.brightnessMin}
        max={LIGHT_LIMITS.brightnessMax}
        precision={0}
        value={value}
        size="small"
        aria-label={t('acenter.lights.dimLabel', { name: row.alias })}
        data-testid="light-brightness-input"
        onChange={(v) => setValue(typeof v === 'number' ? v : 0)}
        onPressEnter={() => commit(value)}
        onBlur={() => commit(value)}
        suffix="%"
        style={{ width: 84 }}
      />
    </div>
  );
}

/** Smart bulbs: the provider account, the bound bulbs (search, pages), bind, switch and dim, unbind. */
export function LightsPanel(): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [binding, setBinding] = useState(false);
  const account = useQuery({ queryKey: acenterKeys.account, queryFn: acenterApi.account });
  const lights = useQuery({
    queryKey: acenterKeys.lights(q, page, PAGE_SIZE),
    queryFn: () => acenterApi.lights(q, page, PAGE_SIZE),
  });
  // Back from the provider's consent page: finish linking, then drop the code from the address.
  const back = oauthReturn(location.search);
  const complete = useMutation({
    mutationFn: (r: { code: string; state: string }) => acenterApi.completeOauth(r.code, r.state),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: acenterKeys.all });
      void navigate('/acenter?tab=lights', { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (back && !started.current) {
      started.current = true;
      complete.mutate(back);
    }
  }, [back, complete]);
  const unbind = useMutation({
    mutationFn: acenterApi.unbind,
    onSuccess: () => qc.invalidateQueries({ queryKey: acenterKeys.all }),
  });
  const linked = account.data?.linked === true;
  return (
    <div data-testid="acenter-lights">
      {complete.isPending ? <Alert type="info" showIcon message={t('acenter.lights.completing')} /> : null}
      <AccountCard />
      <div className="hg-acenter-toolbar">
        <Input.Search
          allowClear
          placeholder={t('acenter.lights.search')}
          aria-label={t('acenter.lights.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          data-testid="lights-search"
        />
        <Button type="primary" disabled={!linked} onClick={() => setBinding(true)} data-testid="light-bind">
          {t('acenter.lights.bind')}
        </Button>
      </div>
      {lights.isError ? <Alert type="error" showIcon message={t('acenter.loadFailed')} /> : null}
      <Table<LightRow>
        rowKey="id"
        size="small"
        data-testid="lights-table"
        loading={lights.isLoading}
        dataSource={lights.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: lights.isLoading
            ? t('acenter.loading')
            : q
              ? t('acenter.lights.noMatch')
              : t('acenter.lights.none'),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: lights.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            key: 'alias',
            title: t('acenter.lights.alias'),
            render: (_, r) => <span data-testid="light-alias">{r.alias}</span>,
          },
          { key: 'plant', title: t('acenter.plant'), render: (_, r) => r.plantName ?? '--' },
          {
            key: 'state',
            title: t('acenter.lights.state'),
            render: (_, r) => (
              <span data-testid="light-state" data-on={r.on} data-brightness={r.brightness}>
                {t(r.on ? 'acenter.lights.on' : 'acenter.lights.off')} · <Quantity value={r.brightness} unit="%" />
              </span>
            ),
          },
          { key: 'dim', title: t('acenter.lights.control'), render: (_, r) => <LightControls row={r} /> },
          {
            key: 'updated',
            title: t('acenter.updated'),
            render: (_, r) => <Quantity>{formatLastSeen(r.updatedAt)}</Quantity>,
          },
          {
            key: 'actions',
            title: t('acenter.actions'),
            render: (_, r) => (
              <Popconfirm
                title={t('acenter.lights.unbindConfirm', { name: r.alias })}
                okText={t('acenter.lights.unbind')}
                okButtonProps={{ danger: true }}
                onConfirm={() => unbind.mutateAsync(r.id)}
              >
                <Button size="small" danger data-testid="light-unbind">
                  {t('acenter.lights.unbind')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <BindModal open={binding} onClose={() => setBinding(false)} />
    </div>
  );
}
