import { Grid, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useScrollRegion } from '../../components/list';
import { hexWord, type FrameAnalysis, type FrameField } from '@heliograph/modbus/toolbox';
import { exceptionLabel, functionLabel, hexByte } from './messages';

/** A frame laid out field by field: where each field is, its bytes, its name and what it means. */
export function FrameFields({
  analysis,
  testId,
  labelledBy,
}: {
  analysis: FrameAnalysis;
  testId?: string;
  /** The heading that names the table (its scroll region on a phone is labelled by it). */
  labelledBy: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const box = useScrollRegion(labelledBy);
  // On a phone the offsets give way to the values; the bytes say where a field is well enough.
  const wide = Grid.useBreakpoint().md ?? true;
  const name = (f: FrameField): string =>
    f.name === 'register'
      ? t('toolbox.fields.registerN', { n: f.index ?? 0 })
      : f.name === 'bits'
        ? t('toolbox.fields.bitsFrom', { n: f.index ?? 0 })
        : t(`toolbox.fields.${f.name}`);
  const meaning = (f: FrameField): string => {
    if (f.name === 'functionCode' && typeof f.value === 'number') {
      const label = functionLabel(t, f.value & 0x7f);
      return f.value & 0x80 ? `${hexByte(f.value)} ${t('toolbox.exceptionFor', { fn: label })}` : label;
    }
    if (f.name === 'exceptionCode' && analysis.exception) {
      return exceptionLabel(t, analysis.exception.code, analysis.exception.name);
    }
    if (f.name === 'crc' && analysis.crc) {
      return analysis.crc.valid ? `${f.value} ✓` : `${f.value} ≠ 0x${hexWord(analysis.crc.computed)}`;
    }
    if (f.name === 'coilValue') return t(f.value === 'ON' ? 'toolbox.on' : 'toolbox.off');
    if (f.name === 'register' && typeof f.value === 'number') return `${f.value} (0x${hexWord(f.value)})`;
    return String(f.value);
  };
  const columns: ColumnsType<FrameField> = [
    ...(wide ? [{ title: t('toolbox.offset'), dataIndex: 'offset', width: 72 }] : []),
    {
      title: t('toolbox.bytes'),
      dataIndex: 'hex',
      width: 120,
      render: (hex: string) => (
        <code className="hg-tb-hex" dir="ltr">
          {hex}
        </code>
      ),
    },
    { title: t('toolbox.field'), key: 'name', render: (_, f) => name(f) },
    {
      title: t('toolbox.value'),
      key: 'value',
      render: (_, f) => <bdi>{meaning(f)}</bdi>,
    },
  ];
  return (
    <div ref={box}>
      <Table<FrameField>
        data-testid={testId}
        size="small"
        rowKey="offset"
        columns={columns}
        dataSource={analysis.fields}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
