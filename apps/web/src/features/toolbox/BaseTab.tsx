import { Form, Input, Radio, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NUMBER_TYPES,
  byteOrdersFor,
  formatRegistersBinary,
  formatRegistersHex,
  parseDecimal,
  parseRegistersBinary,
  parseRegistersHex,
  registerCount,
  registersToValue,
  registerViews,
  valueToRegisters,
  type ByteOrder,
  type NumberType,
  type TypedView,
  type ValueError,
} from '@heliograph/modbus/toolbox';
import { valueErrorText } from './messages';

type Field = 'dec' | 'hex' | 'bin';

/** A float32 as people read it: at most 9 significant digits (enough to tell any two floats apart). */
function formatNumber(value: number, type: NumberType): string {
  return type === 'f32' ? String(Number(value.toPrecision(9))) : String(value);
}

/**
 * Base conversion: decimal, hex and binary fields that follow each other, for a 16- or 32-bit type in a
 * chosen byte order. Hex and binary are the registers as a device sends them; the table shows the same
 * registers read as every type and order.
 */
export function BaseTab(): React.JSX.Element {
  const { t } = useTranslation();
  const [type, setType] = useState<NumberType>('f32');
  const [order, setOrder] = useState<ByteOrder>('ABCD');
  const [registers, setRegisters] = useState<number[]>(() => valueToRegisters(12.5, 'f32', 'ABCD'));
  /** The text of the field being typed in, kept as typed; the other fields show the registers. */
  const [draft, setDraft] = useState<{ field: Field; text: string; error?: ValueError } | null>({
    field: 'dec',
    text: '12.5',
  });

  const shown = (field: Field): string => {
    if (draft?.field === field) return draft.text;
    if (field === 'hex') return formatRegistersHex(registers);
    if (field === 'bin') return formatRegistersBinary(registers);
    return formatNumber(registersToValue(registers, type, order), type);
  };

  const edit = (field: Field, text: string): void => {
    const count = registerCount(type);
    const parsed =
      field === 'dec'
        ? ((): ReturnType<typeof parseRegistersHex> => {
            const value = parseDecimal(text, type);
            return value.ok ? { ok: true, value: valueToRegisters(value.value, type, order) } : value;
          })()
        : field === 'hex'
          ? parseRegistersHex(text, count)
          : parseRegistersBinary(text, count);
    if (parsed.ok) {
      setRegisters(parsed.value);
      setDraft({ field, text });
    } else {
      setDraft({ field, text, error: parsed.error });
    }
  };

  /** A new type or byte order keeps the decimal value when it fits, and shows what registers carry it now. */
  const reshape = (nextType: NumberType, nextOrder: ByteOrder): void => {
    const orders = byteOrdersFor(nextType);
    const fixedOrder = orders.includes(nextOrder) ? nextOrder : 'ABCD';
    const decimal = shown('dec');
    setType(nextType);
    setOrder(fixedOrder);
    const value = parseDecimal(decimal, nextType);
    if (value.ok) {
      setRegisters(valueToRegisters(value.value, nextType, fixedOrder));
      setDraft({ field: 'dec', text: decimal });
    } else {
      setRegisters(Array.from({ length: registerCount(nextType) }, () => 0));
      setDraft({ field: 'dec', text: decimal, error: value.error });
    }
  };

  const fieldItem = (field: Field, label: string, help: string): React.JSX.Element => {
    const error = draft?.field === field ? draft.error : undefined;
    return (
      <Form.Item
        label={label}
        htmlFor={`tb-base-${field}`}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span role="alert">{valueErrorText(t, error)}</span> : help}
      >
        <Input
          id={`tb-base-${field}`}
          data-testid={`base-${field}`}
          dir="ltr"
          className={field === 'dec' ? undefined : 'hg-tb-hex'}
          spellCheck={false}
          autoComplete="off"
          value={shown(field)}
          onChange={(e) => edit(field, e.target.value)}
        />
      </Form.Item>
    );
  };

  const views = draft?.error ? [] : registerViews(registers);
  const columns: ColumnsType<TypedView> = [
    { title: t('toolbox.base.type'), dataIndex: 'type', render: (v: NumberType) => t(`toolbox.types.${v}`) },
    {
      title: t('toolbox.base.order'),
      dataIndex: 'order',
      render: (o: ByteOrder, row) => <code dir="ltr">{registerCount(row.type) === 1 ? o.slice(0, 2) : o}</code>,
    },
    {
      title: t('toolbox.value'),
      dataIndex: 'value',
      render: (v: number, row) => (
        <bdi dir="ltr" className="hg-tb-nowrap">
          {formatNumber(v, row.type)}
        </bdi>
      ),
    },
  ];

  return (
    <div className="hg-tb-tab">
      <p className="hg-page-hint">{t('toolbox.base.hint')}</p>
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <div className="hg-tb-grid">
          <Form.Item label={t('toolbox.base.type')} htmlFor="tb-base-type">
            <Select<NumberType>
              id="tb-base-type"
              data-testid="base-type"
              value={type}
              onChange={(next) => reshape(next, order)}
              options={NUMBER_TYPES.map((v) => ({ value: v, label: t(`toolbox.types.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('toolbox.base.order')} help={t(`toolbox.orders.${order}`)}>
            <Radio.Group
              aria-label={t('toolbox.base.order')}
              data-testid="base-order"
              optionType="button"
              value={order}
              onChange={(e) => reshape(type, e.target.value as ByteOrder)}
              options={byteOrdersFor(type).map((o) => ({
                value: o,
                label: <span dir="ltr">{registerCount(type) === 1 ? o.slice(0, 2) : o}</span>,
              }))}
            />
          </Form.Item>
        </div>
        {fieldItem('dec', t('toolbox.base.decimal'), t('toolbox.base.decimalHelp'))}
        {fieldItem('hex', t('toolbox.base.hex'), t('toolbox.base.hexHelp', { digits: 4 * registerCount(type) }))}
        {fieldItem('bin', t('toolbox.base.binary'), t('toolbox.base.binaryHelp', { digits: 16 * registerCount(type) }))}
      </Form>
      <h2 className="hg-tb-section">{t('toolbox.base.views')}</h2>
      <Table<TypedView>
        data-testid="base-views"
        size="small"
        rowKey={(v) => `${v.type}-${v.order}`}
        columns={columns}
        dataSource={views}
        pagination={false}
        locale={{ emptyText: t('toolbox.base.noViews') }}
      />
    </div>
  );
}
