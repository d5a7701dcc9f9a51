import { reportText, type Lang, type Report } from '@heliograph/shared';
import { xlsxSheetsBuffer, type Cell } from '../../xlsx/write.js';
import { reportColumns, type ColumnKind } from './columns.js';

/** Number formats by kind: the unit is in the heading, the cell holds the number. */
const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: undefined,
  kwh: '#,##0.00',
  kwp: '#,##0.00',
  yield: '#,##0.00',
  ratio: '0.0%',
  insolation: '#,##0.00',
  money: '#,##0.00',
  kg: '#,##0.0',
};

/** An income's format with its currency code, so a sheet of plants in two currencies says which is which. */
const moneyFormat = (currency: string) => `#,##0.00 "${currency.replace(/"/g, '')}"`;

/**
 * A report as an .xlsx: the table (rows, then a bold totals row) and the chart's numbers by period, real
 * numbers everywhere (ratios as fractions in a percent format, incomes in their currency's format).
 */
export function reportWorkbook(report: Report, lang: Lang): Promise<Buffer> {
  const columns = reportColumns(report);
  const rows: Cell[][] = report.rows.map((r) => columns.map((c) => c.value(r)));
  const totals: Cell[] = columns.map((c, i) =>
    i === 0 ? reportText('total', lang) : c.total ? c.total(report.totals) : null,
  );
  const moneyCol = columns.findIndex((c) => c.kind === 'money');
  const s = report.series;
  const chartColumns = [
    { header: reportText('bucket', lang), width: 14 },
    ...(['pv', 'load', 'purchase', 'feedIn', 'charge', 'discharge', 'lastYear'] as const).map((k) => ({
      header: reportText(k, lang),
      numFmt: NUM_FMT.kwh,
    })),
  ];
  return xlsxSheetsBuffer(lang, [
    {
      name: report.config.name,
      columns: columns.map((c) => ({
        header: c.heading(lang),
        ...(NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {}),
      })),
      rows,
      footer: [totals],
      cellFormat: (row, col) => {
        const currency = report.rows[row]?.currency;
        return col === moneyCol && currency ? moneyFormat(currency) : undefined;
      },
    },
    {
      name: reportText('chartEnergy', lang),
      columns: chartColumns,
      rows: s.buckets.map((b, i) => [
        b,
        s.pv[i] ?? 0,
        s.load[i] ?? 0,
        s.purchase[i] ?? 0,
        s.feedIn[i] ?? 0,
        s.charge[i] ?? 0,
        s.discharge[i] ?? 0,
        s.lastYearPv[i] ?? 0,
      ]),
    },
  ]);
}
