import { Alert, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crcReport, formatHexBytes, hexWord, parseHexBytes } from '@heliograph/modbus/toolbox';
import { HexText } from './HexText';
import { hexErrorText } from './messages';

/** CRC-16/MODBUS of pasted bytes, in both byte orders, and whether a frame's last two bytes are its CRC. */
export function CrcTab(): React.JSX.Element {
  const { t } = useTranslation();
  const [text, setText] = useState('01 03 00 00 00 0A');
  const parsed = parseHexBytes(text);
  const trailing = parsed.ok ? crcReport(parsed.value).trailing : undefined;
  // A frame that already ends in its CRC: the figures below are for the bytes before it (the CRC of the whole
  // frame, 0x0000, would tell nothing).
  const body = parsed.ok ? (trailing?.valid ? parsed.value.subarray(0, parsed.value.length - 2) : parsed.value) : null;
  const report = body ? crcReport(body) : null;
  return (
    <div className="hg-tb-tab">
      <p className="hg-page-hint">{t('toolbox.crc.hint')}</p>
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <Form.Item
          label={t('toolbox.crc.input')}
          htmlFor="tb-crc-input"
          validateStatus={parsed.ok ? undefined : 'error'}
          help={parsed.ok ? t('toolbox.hexHelp') : <span role="alert">{hexErrorText(t, parsed.error)}</span>}
        >
          <Input.TextArea
            id="tb-crc-input"
            data-testid="crc-input"
            dir="ltr"
            className="hg-tb-hex"
            autoSize={{ minRows: 2, maxRows: 6 }}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
      </Form>
      {body && report ? (
        <>
          {trailing ? (
            <div className="hg-tb-verdict" data-testid="crc-verdict" data-valid={trailing.valid}>
              <span>{t('toolbox.crc.lastTwo')}</span>{' '}
              {trailing.valid ? (
                <Tag color="success">{t('toolbox.valid')}</Tag>
              ) : (
                <Tag color="error">{t('toolbox.invalid')}</Tag>
              )}
              <span className="hg-tb-muted">
                {t('toolbox.crc.compare', {
                  received: `0x${hexWord(trailing.received)}`,
                  computed: `0x${hexWord(trailing.computed)}`,
                })}
              </span>
              {trailing.swappedMatch ? (
                <Alert className="hg-tb-alert" type="warning" showIcon title={t('toolbox.crc.swapped')} />
              ) : null}
            </div>
          ) : null}
          <Descriptions
            bordered
            size="small"
            column={1}
            className="hg-tb-result"
            items={[
              {
                key: 'crc',
                label: t('toolbox.crc.value', { count: body?.length ?? 0 }),
                children: <HexText text={`0x${hexWord(report.crc)}`} testId="crc-value" />,
              },
              {
                key: 'wire',
                label: t('toolbox.crc.wireOrder'),
                children: <HexText text={formatHexBytes(report.wireOrder)} testId="crc-wire" />,
              },
              {
                key: 'high',
                label: t('toolbox.crc.highFirst'),
                children: <HexText text={formatHexBytes(report.highFirst)} />,
              },
              {
                key: 'frame',
                label: t('toolbox.crc.withCrc'),
                children: <HexText text={formatHexBytes([...body, ...report.wireOrder])} />,
              },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
