import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROTOCOL_LIMITS, type DecodeInput } from '@heliograph/shared';
import { applyServerErrors } from '../../api/formErrors';
import { Quantity } from '../../components/Quantity';
import { protocolApi, type ConfigRow, type DecodeResult } from './api';

interface Props {
  config: ConfigRow;
}

type Values = { frame: string; kind: NonNullable<DecodeInput['kind']>; start?: string };
type Value = DecodeResult['values'][number];

const shown = (v: Value['value']): string => {
  if (v === null) return '—';
  if (typeof v === 'object')
    return Array.isArray(v)
      ? v.join(', ')
      : Object.keys(v)
          .filter((k) => v[k])
          .join(', ');
  return String(v);
};

/** Paste a raw Modbus frame and read it with this config version: named, scaled values with their units. */
export function DecodePanel({ config }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const decode = useMutation({
    mutationFn: (v: Values) =>
      protocolApi.decode({ configId: config.id, frame: v.frame, kind: v.kind, ...(v.start ? { start: v.start } : {}) }),
    onError: (err) => applyServerErrors(form, err, ['frame', 'start']),
  });
  const result = decode.data;
  return (
    <section className="hg-pc-decode" aria-labelledby="decode-title" data-testid="decode-panel">
      <h3 id="decode-title" className="hg-pc-subtitle">
        {t('protocols.decodeTitle')}
      </h3>
      <p className="hg-page-hint">{t('protocols.decodeHint')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'auto', frame: '' }}
        onFinish={(v) => decode.mutate(v)}
      >
        <Form.Item
          name="frame"
          label={t('protocols.frame')}
          rules={[{ required: true, message: t('protocols.frameRequired') }]}
        >
          <Input.TextArea
            rows={3}
            dir="ltr"
            maxLength={PROTOCOL_LIMITS.frameBytesMax * 3}
            placeholder="01 03 04 09 0E 00 64 …"
            spellCheck={false}
            data-testid="decode-frame"
          />
        </Form.Item>
        <div className="hg-pc-decode-row">
          <Form.Item name="kind" label={t('protocols.frameKind')}>
            <Select
              style={{ minWidth: 180 }}
              options={(['auto', 'rtu', 'tcp', 'registers'] as const).map((k) => ({
                value: k,
                label: t(`protocols.kind.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="start" label={t('protocols.start')} extra={t('protocols.startHint')}>
            <Input maxLength={PROTOCOL_LIMITS.hexDigits} dir="ltr" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label=" ">
            <Button type="primary" htmlType="submit" loading={decode.isPending} data-testid="decode-run">
              {t('protocols.decode')}
            </Button>
          </Form.Item>
        </div>
      </Form>
      {result ? (
        <>
          <Alert
            type="info"
            showIcon
            title={t('protocols.decoded', {
              kind: t(`protocols.kind.${result.kind}`),
              count: result.values.length,
              registers: result.registers.length,
              start: result.start,
              skipped: result.skipped.length,
            })}
          />
          <Table<Value>
            size="small"
            rowKey="name"
            dataSource={result.values}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: t('protocols.col.name'), dataIndex: 'name', render: (v: string) => <code dir="ltr">{v}</code> },
              { title: t('protocols.description'), dataIndex: 'description', render: (v: string) => <bdi>{v}</bdi> },
              {
                title: t('protocols.value'),
                key: 'value',
                render: (_: unknown, r) => (
                  <Quantity>
                    {shown(r.value)}
                    {r.value !== null && r.unit ? ` ${r.unit}` : ''}
                  </Quantity>
                ),
              },
              {
                title: t('protocols.col.startAddress'),
                dataIndex: 'address',
                responsive: ['md'],
                render: (v: string) => <code dir="ltr">{v}</code>,
              },
            ]}
            data-testid="decode-values"
          />
        </>
      ) : null}
    </section>
  );
}
