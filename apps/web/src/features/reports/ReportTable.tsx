import type { ReportFigure, ReportRow } from '@heliograph/shared';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useScrollRegion } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { formatRatio } from '../../components/plant/figures';

/** The figures a report's table shows, in the order the server sends them (REPORT_FIGURES). */
interface FigureColumn {
  figure: ReportFigure;
  key: keyof ReportRow;
  label: string;
  kind: 'kwh' | 'ratio' | 'money' | 'number';
}

const num = (locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A report's rows as a table: plant (and device), capacity, then the figures the config chose. */
export function ReportTable({
  rows,
  figures,
  device,
  locale,
  loading,
  empty,
  footer,
  testId,
  labelledBy,
}: {
  rows: ReportRow[];
  figures: readonly ReportFigure[];
  device: boolean;
  locale: string;
  loading?: boolean;
  empty: React.ReactNode;
  footer?: React.ReactNode;
  testId: string;
  /** The heading that names the table, for keyboard scrolling of its wide content. */
  labelledBy: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const box = useScrollRegion(labelledBy);
  const figureColumns: FigureColumn[] = [
    { figure: 'pv', key: 'pv', label: t('reports.col.pv'), kind: 'kwh' },
    { figure: 'load', key: 'load', label: t('reports.col.load'), kind: 'kwh' },
    { figure: 'purchase', key: 'purchase', label: t('reports.col.purchase'), kind: 'kwh' },
    { figure: 'feedIn', key: 'feedIn', label: t('reports.col.feedIn'), kind: 'kwh' },
    { figure: 'charge', key: 'charge', label: t('reports.col.charge'), kind: 'kwh' },
    { figure: 'discharge', key: 'discharge', label: t('reports.col.discharge'), kind: 'kwh' },
    { figure: 'income', key: 'income', label: t('reports.col.income'), kind: 'money' },
    { figure: 'specificYield', key: 'specificYield', label: t('reports.col.specificYield'), kind: 'number' },
    { figure: 'performanceRatio', key: 'performanceRatio', label: t('reports.col.performanceRatio'), kind: 'ratio' },
    { figure: 'performanceRatio', key: 'insolation', label: t('reports.col.insolation'), kind: 'number' },
    { figure: 'availability', key: 'availability', label: t('reports.col.availability'), kind: 'ratio' },
    { figure: 'co2', key: 'co2Kg', label: t('reports.col.co2'), kind: 'number' },
    { figure: 'lastYear', key: 'lastYearPv', label: t('reports.col.lastYear'), kind: 'kwh' },
    { figure: 'lastYear', key: 'yearOnYear', label: t('reports.col.yearOnYear'), kind: 'ratio' },
  ];
  const chosen = new Set(figures);
  const cell = (kind: FigureColumn['kind'], v: unknown, r: ReportRow): React.ReactNode => {
    if (typeof v !== 'number') return <Quantity>--</Quantity>;
    if (kind === 'ratio') return <Quantity>{formatRatio(v, locale)}</Quantity>;
    if (kind === 'money') return <Quantity>{`${num(locale, 2).format(v)} ${r.currency}`}</Quantity>;
    return <Quantity>{num(locale, kind === 'kwh' ? 1 : 2).format(v)}</Quantity>;
  };
  const columns: ColumnsType<ReportRow> = [
    { title: t('reports.col.plant'), dataIndex: 'plantName', fixed: 'start', width: 180 },
    ...(device ? [{ title: t('reports.col.device'), dataIndex: 'deviceSn', width: 150 }] : []),
    {
      title: t('reports.col.capacity'),
      dataIndex: 'capacityKwp',
      align: 'end',
      width: 120,
      render: (v: number, r) => cell('number', v, r),
    },
    ...figureColumns
      .filter((c) => chosen.has(c.figure))
      .map((c) => ({
        title: c.label,
        key: c.key,
        align: 'end' as const,
        width: 140,
        render: (_: unknown, r: ReportRow) => cell(c.kind, r[c.key], r),
      })),
  ];
  return (
    <div ref={box}>
      <Table<ReportRow>
        rowKey={(r) => `${r.plantId}/${r.deviceSn ?? ''}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        data-testid={testId}
        locale={{ emptyText: empty }}
        {...(footer ? { footer: () => footer } : {})}
      />
    </div>
  );
}
