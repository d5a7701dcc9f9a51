import { Quantity } from '../../components/Quantity';
import { SendOutlined } from '@ant-design/icons';
import {
  DEBUG_CODES,
  DEBUG_MAX_COUNT,
  DEBUG_READ_CODES,
  HEX_ADDRESS,
  hexWord,
  isRegisterValue,
  LIMITS,
  type DebugCode,
} from '@heliograph/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Popconfirm, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import type { CommandStatus } from '@heliograph/shared';
import { useCommand } from '../device-common/useCommand';
import type { DebugReply } from '@heliograph/shared';
import { inverterApi, inverterKeys } from './api';
import { useInverterControl } from './useInverterControl';

interface DebugForm {
  code: DebugCode;
  address: string;
  count?: number;
  value?: number;
  decimals: number;
}

const isRead = (code: string | undefined) => (DEBUG_READ_CODES as readonly string[]).includes(code ?? '');

function registersOf(r: DebugReply): number[] {
  const values = r.result?.values ?? r.params.values;
  return Array.isArray(values) ? values.filter((v): v is number => typeof v === 'number') : [];
}

/**
 * Remote debug (spec §7 debug and debug/reply): read or write registers through the gateway. The address is
 * four hex digits and a written value at most 9999999.00 (spec §5, §9); each reply lists the registers in
 * hex and decimal.
 */
export function DebugPanel({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DebugForm>();
  const code = Form.useWatch('code', form);
  const queryClient = useQueryClient();
  const { why } = useInverterControl(sn);
  const blocked = why('debug');
  const replies = useQuery({ queryKey: inverterKeys.debug(sn), queryFn: () => inverterApi.debugReplies(sn) });
  // A bound protocol's registers that a debug read can ask for (03 holding, 04 input): picked, they fill the form.
  const picks = useQuery({
    queryKey: inverterKeys.protocolColumns(sn),
    queryFn: () => inverterApi.protocolColumns(sn),
    select: (rows) => rows.filter((r) => r.functionCode === 3 || r.functionCode === 4),
  });
  const send = useCommand<DebugForm>(sn, (v) =>
    inverterApi.debug(
      sn,
      isRead(v.code)
        ? { code: v.code, address: v.address.toUpperCase(), count: v.count ?? 1 }
        : { code: v.code, address: v.address.toUpperCase(), value: v.value ?? 0, decimals: v.decimals },
    ),
  );
  const submit = (v: DebugForm) =>
    send.mutate(v, { onSettled: () => void queryClient.invalidateQueries({ queryKey: inverterKeys.debug(sn) }) });

  const columns: ColumnsType<DebugReply> = [
    {
      title: t('inverters.debug.time'),
      dataIndex: 'at',
      width: 170,
      render: (at: number) => <Quantity>{dayjs(at).format('YYYY-MM-DD HH:mm:ss')}</Quantity>,
    },
    {
      title: t('inverters.debug.request'),
      key: 'request',
      render: (_: unknown, r) => {
        const fc = typeof r.params.fc === 'number' ? hexWord(r.params.fc).slice(2) : '--';
        const address = typeof r.params.address === 'number' ? hexWord(r.params.address) : '--';
        return (
          <span className="hg-inv-mono" dir="ltr">
            {fc} @ {address}
            {typeof r.params.count === 'number' ? ` × ${r.params.count}` : ''}
          </span>
        );
      },
    },
    {
      title: t('inverters.debug.registers'),
      key: 'registers',
      render: (_: unknown, r) => {
        const regs = registersOf(r);
        if (regs.length === 0) return r.error ?? '--';
        return (
          // One chip a register, so a long reply wraps between registers instead of running off the table.
          <span className="hg-inv-mono hg-inv-registers" dir="ltr" data-testid="debug-registers">
            {regs.map((v, i) => (
              <span key={i}>{`${hexWord(v)} (${v})`}</span>
            ))}
          </span>
        );
      },
    },
    {
      title: t('inverters.debug.result'),
      dataIndex: 'status',
      width: 120,
      render: (s: string) => <CommandStatusTag status={s as CommandStatus} />,
    },
  ];

  return (
    <div className="hg-inv-debug" data-testid="debug-panel">
      {blocked && <Alert type="info" showIcon message={t(blocked)} className="hg-inv-alert" />}
      <Alert type="warning" showIcon message={t('inverters.debug.caution')} className="hg-inv-alert" />
      <Form<DebugForm>
        form={form}
        layout="inline"
        className="hg-inv-debug-form"
        initialValues={{ code: '03', address: '', count: 10, decimals: 0 }}
        onFinish={submit}
        disabled={!!blocked}
      >
        {picks.data && picks.data.length > 0 && (
          <Form.Item label={t('inverters.debug.pick')}>
            <Select
              showSearch
              allowClear
              className="hg-inv-regpick"
              popupMatchSelectWidth={false}
              data-testid="debug-pick"
              optionFilterProp="label"
              options={picks.data.map((p, i) => ({
                value: i,
                label: `${p.config} · ${p.name}${p.description ? ` (${p.description})` : ''} · ${p.address} × ${p.count}`,
              }))}
              onChange={(i: number | undefined) => {
                const p = i === undefined ? undefined : picks.data[i];
                if (!p) return;
                form.setFieldsValue({ code: p.functionCode === 4 ? '04' : '03', address: p.address, count: p.count });
              }}
            />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('inverters.debug.code')}>
          <Select
            className="hg-inv-code"
            popupMatchSelectWidth={false}
            data-testid="debug-code"
            options={DEBUG_CODES.map((c) => ({ value: c, label: `${c} · ${t(`inverters.debug.codes.${c}`)}` }))}
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('inverters.debug.address')}
          rules={[
            { required: true, message: t('inverters.debug.addressRequired') },
            { pattern: HEX_ADDRESS, message: t('inverters.debug.addressRule') },
          ]}
        >
          <Input
            className="hg-inv-mono hg-inv-address"
            maxLength={4}
            placeholder="9C40"
            dir="ltr"
            spellCheck={false}
            data-testid="debug-address"
          />
        </Form.Item>
        {isRead(code) ? (
          <Form.Item
            name="count"
            label={t('inverters.debug.count')}
            rules={[
              { required: true, message: t('inverters.debug.countRule', { max: DEBUG_MAX_COUNT }) },
              {
                type: 'integer',
                min: 1,
                max: DEBUG_MAX_COUNT,
                message: t('inverters.debug.countRule', { max: DEBUG_MAX_COUNT }),
              },
            ]}
          >
            <InputNumber min={1} max={DEBUG_MAX_COUNT} precision={0} data-testid="debug-count" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="value"
              label={t('inverters.debug.value')}
              rules={[
                { required: true, message: t('inverters.debug.valueRule', { max: LIMITS.registerValueMax }) },
                {
                  validator: (_r, v: number | undefined) =>
                    v === undefined || isRegisterValue(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('inverters.debug.valueRule', { max: '9999999.00' }))),
                },
                {
                  validator: (_r, v: number | undefined) =>
                    code !== '06' ||
                    v === undefined ||
                    Math.round(v * 10 ** (form.getFieldValue('decimals') as number)) <= 0xffff
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('inverters.debug.oneRegister'))),
                },
              ]}
            >
              <InputNumber min={0} max={LIMITS.registerValueMax} step={0.01} data-testid="debug-value" />
            </Form.Item>
            <Form.Item name="decimals" label={t('inverters.debug.decimals')}>
              <Select className="hg-inv-decimals" options={[0, 1, 2].map((d) => ({ value: d, label: `×10^${d}` }))} />
            </Form.Item>
          </>
        )}
        <Form.Item>
          {isRead(code) ? (
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined />}
              loading={send.isPending}
              data-testid="debug-send"
            >
              {t('inverters.debug.read')}
            </Button>
          ) : (
            <Popconfirm
              title={t('inverters.debug.writeTitle')}
              okText={t('inverters.debug.write')}
              cancelText={t('inverters.cancel')}
              onConfirm={() => form.submit()}
            >
              <Button type="primary" danger icon={<SendOutlined />} loading={send.isPending} data-testid="debug-send">
                {t('inverters.debug.write')}
              </Button>
            </Popconfirm>
          )}
        </Form.Item>
      </Form>
      <h3 className="hg-inv-subtitle">{t('inverters.debug.replies')}</h3>
      <Table<DebugReply>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={replies.data ?? []}
        loading={replies.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="debug-replies"
        locale={{ emptyText: t('inverters.debug.none') }}
      />
    </div>
  );
}
