import { Form, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  READ_FUNCTION_CODES,
  analyseFrame,
  buildReadRequest,
  formatHexBytes,
  maxReadQuantity,
  type ReadFunctionCode,
  type Transport,
} from '@heliograph/modbus/toolbox';
import { FrameFields } from './FrameFields';
import { HexText } from './HexText';
import { functionLabel } from './messages';

type NumberField = 'unitId' | 'address' | 'quantity' | 'transactionId';

/** The Modbus message generator: a read request (function codes 01–04) as RTU (with its CRC) or TCP (MBAP). */
export function GeneratorTab({ onAnalyse }: { onAnalyse: (frame: string) => void }): React.JSX.Element {
  const { t } = useTranslation();
  const [transport, setTransport] = useState<Transport>('rtu');
  const [functionCode, setFunctionCode] = useState<ReadFunctionCode>(3);
  const [values, setValues] = useState<Record<NumberField, number | null>>({
    unitId: 1,
    address: 0,
    quantity: 10,
    transactionId: 1,
  });

  const max = maxReadQuantity(functionCode);
  const ranges: Record<NumberField, [number, number]> = {
    unitId: [transport === 'rtu' ? 1 : 0, transport === 'rtu' ? 247 : 255],
    address: [0, 65535],
    quantity: [1, max],
    transactionId: [0, 65535],
  };
  const errorOf = (field: NumberField): string | undefined => {
    const value = values[field];
    const [min, top] = ranges[field];
    if (value === null) return t('toolbox.errors.required');
    if (!Number.isInteger(value) || value < min || value > top)
      return t('toolbox.errors.outOfRange', { min, max: top });
    if (field === 'quantity' && values.address !== null && values.address + value > 65536) {
      return t('toolbox.generator.pastEnd', { last: 65536 - values.address });
    }
    return undefined;
  };
  const fields: NumberField[] =
    transport === 'tcp' ? ['transactionId', 'unitId', 'address', 'quantity'] : ['unitId', 'address', 'quantity'];
  const errors = fields.map(errorOf).filter((e) => e !== undefined);

  let frame: Uint8Array | null = null;
  if (errors.length === 0) {
    frame = buildReadRequest({
      transport,
      functionCode,
      unitId: values.unitId ?? 0,
      address: values.address ?? 0,
      quantity: values.quantity ?? 1,
      transactionId: values.transactionId ?? 0,
    });
  }
  const analysis = frame ? analyseFrame(frame, { transport, direction: 'request' }) : null;
  const help: Record<NumberField, string> = {
    unitId: t(transport === 'rtu' ? 'toolbox.generator.unitIdRtu' : 'toolbox.generator.unitIdTcp'),
    address: t('toolbox.generator.addressHelp'),
    quantity: t(functionCode <= 2 ? 'toolbox.generator.quantityBits' : 'toolbox.generator.quantityRegisters', { max }),
    transactionId: t('toolbox.generator.transactionHelp'),
  };

  return (
    <div className="hg-tb-tab">
      <p className="hg-page-hint">{t('toolbox.generator.hint')}</p>
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <div className="hg-tb-grid">
          <Form.Item label={t('toolbox.transport')} help={t(`toolbox.${transport}`)}>
            <Radio.Group
              aria-label={t('toolbox.transport')}
              data-testid="gen-transport"
              optionType="button"
              value={transport}
              onChange={(e) => setTransport(e.target.value as Transport)}
              options={[
                // Protocol names, the same in every language; the help below says what each means.
                { value: 'rtu', label: 'RTU' },
                { value: 'tcp', label: 'TCP' },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('toolbox.generator.function')} htmlFor="tb-gen-fc">
            <Select<ReadFunctionCode>
              id="tb-gen-fc"
              data-testid="gen-function"
              value={functionCode}
              onChange={setFunctionCode}
              options={READ_FUNCTION_CODES.map((code) => ({ value: code, label: functionLabel(t, code) }))}
            />
          </Form.Item>
          {fields.map((field) => {
            const error = errorOf(field);
            return (
              <Form.Item
                key={field}
                label={t(`toolbox.generator.${field}`)}
                htmlFor={`tb-gen-${field}`}
                validateStatus={error ? 'error' : undefined}
                help={error ? <span role="alert">{error}</span> : help[field]}
              >
                <InputNumber<number>
                  id={`tb-gen-${field}`}
                  data-testid={`gen-${field}`}
                  className="hg-tb-number"
                  precision={0}
                  value={values[field]}
                  onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
                />
              </Form.Item>
            );
          })}
        </div>
      </Form>
      <h2 className="hg-tb-section" id="tb-gen-frame-title">
        {t('toolbox.generator.frame')}
      </h2>
      {frame && analysis?.ok ? (
        <>
          <div className="hg-tb-frame">
            <HexText text={formatHexBytes(frame)} testId="gen-frame" />
            <a
              href="#analysis"
              onClick={(e) => {
                e.preventDefault();
                if (frame) onAnalyse(formatHexBytes(frame));
              }}
            >
              {t('toolbox.generator.analyse')}
            </a>
          </div>
          <FrameFields analysis={analysis.analysis} testId="gen-fields" labelledBy="tb-gen-frame-title" />
        </>
      ) : (
        <p className="hg-tb-muted" data-testid="gen-invalid">
          {t('toolbox.generator.fixFields')}
        </p>
      )}
    </div>
  );
}
