import { Alert, Descriptions, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analyseFrame, hexWord, parseHexBytes, type Direction, type Transport } from '@heliograph/modbus/toolbox';
import { FrameFields } from './FrameFields';
import { analysisErrorText, exceptionLabel, functionLabel, hexErrorText } from './messages';

/** Protocol analysis: a pasted frame (RTU or TCP, request or response) as a table of named fields. */
export function AnalysisTab({ text, onText }: { text: string; onText: (text: string) => void }): React.JSX.Element {
  const { t } = useTranslation();
  const [transport, setTransport] = useState<Transport | 'auto'>('auto');
  const [direction, setDirection] = useState<Direction | 'auto'>('auto');
  const parsed = text.trim() === '' ? null : parseHexBytes(text);
  const result =
    parsed?.ok === true
      ? analyseFrame(parsed.value, {
          ...(transport === 'auto' ? {} : { transport }),
          ...(direction === 'auto' ? {} : { direction }),
        })
      : null;
  const a = result?.ok ? result.analysis : null;

  return (
    <div className="hg-tb-tab">
      <p className="hg-page-hint">{t('toolbox.analysis.hint')}</p>
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <Form.Item
          label={t('toolbox.analysis.input')}
          htmlFor="tb-analysis-input"
          validateStatus={parsed && !parsed.ok ? 'error' : undefined}
          help={parsed && !parsed.ok ? <span role="alert">{hexErrorText(t, parsed.error)}</span> : t('toolbox.hexHelp')}
        >
          <Input.TextArea
            id="tb-analysis-input"
            data-testid="analysis-input"
            dir="ltr"
            className="hg-tb-hex"
            autoSize={{ minRows: 2, maxRows: 6 }}
            spellCheck={false}
            placeholder="01 03 00 00 00 0A C5 CD"
            value={text}
            onChange={(e) => onText(e.target.value)}
          />
        </Form.Item>
        <div className="hg-tb-grid">
          <Form.Item label={t('toolbox.transport')} htmlFor="tb-analysis-transport">
            <Select<Transport | 'auto'>
              id="tb-analysis-transport"
              value={transport}
              onChange={setTransport}
              options={[
                { value: 'auto', label: t('toolbox.analysis.auto') },
                { value: 'rtu', label: t('toolbox.rtu') },
                { value: 'tcp', label: t('toolbox.tcp') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('toolbox.analysis.direction')} htmlFor="tb-analysis-direction">
            <Select<Direction | 'auto'>
              id="tb-analysis-direction"
              value={direction}
              onChange={setDirection}
              options={[
                { value: 'auto', label: t('toolbox.analysis.auto') },
                { value: 'request', label: t('toolbox.analysis.request') },
                { value: 'response', label: t('toolbox.analysis.response') },
              ]}
            />
          </Form.Item>
        </div>
      </Form>
      {result && !result.ok ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="analysis-error"
          title={analysisErrorText(t, result.error)}
          description={
            result.error.kind === 'pdu' ? (
              <code dir="ltr" className="hg-tb-detail">
                {result.error.detail}
              </code>
            ) : undefined
          }
        />
      ) : null}
      {a ? (
        <div data-testid="analysis-result">
          <h2 className="hg-tb-section" id="tb-analysis-title">
            {t('toolbox.analysis.result')}
          </h2>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            className="hg-tb-result"
            items={[
              { key: 'transport', label: t('toolbox.transport'), children: t(`toolbox.${a.transport}`) },
              {
                key: 'direction',
                label: t('toolbox.analysis.direction'),
                children: t(`toolbox.analysis.${a.direction}`),
              },
              { key: 'unit', label: t('toolbox.fields.unitId'), children: a.unitId },
              {
                key: 'function',
                label: t('toolbox.fields.functionCode'),
                children: <bdi>{functionLabel(t, a.functionCode)}</bdi>,
              },
              ...(a.exception
                ? [
                    {
                      key: 'exception',
                      label: t('toolbox.fields.exceptionCode'),
                      children: (
                        <Tag color="error" data-testid="analysis-exception">
                          {exceptionLabel(t, a.exception.code, a.exception.name)}
                        </Tag>
                      ),
                    },
                  ]
                : []),
              ...(a.crc
                ? [
                    {
                      key: 'crc',
                      label: t('toolbox.fields.crc'),
                      children: (
                        <span data-testid="analysis-crc" data-valid={a.crc.valid}>
                          {a.crc.valid ? (
                            <Tag color="success">{t('toolbox.valid')}</Tag>
                          ) : (
                            <Tag color="error">{t('toolbox.invalid')}</Tag>
                          )}
                          {a.crc.valid ? null : (
                            <span className="hg-tb-muted">
                              {t('toolbox.crc.compare', {
                                received: `0x${hexWord(a.crc.received)}`,
                                computed: `0x${hexWord(a.crc.computed)}`,
                              })}
                            </span>
                          )}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <FrameFields analysis={a} testId="analysis-fields" labelledBy="tb-analysis-title" />
        </div>
      ) : null}
    </div>
  );
}
