import { RTL_LANGUAGES, reportText, type Lang, type Report } from '@heliograph/shared';
import type { PdfBlock, PdfDocument } from '../../pdf/document.js';
import { formatCell, reportColumns } from './columns.js';

/** The energy series a report can chart, with the figure that asks for each. */
const SERIES = ['pv', 'load', 'purchase', 'feedIn', 'charge', 'discharge'] as const;

const COLOURS: Record<(typeof SERIES)[number] | 'lastYear', string> = {
  pv: '#f5a623',
  load: '#4a90e2',
  purchase: '#d0021b',
  feedIn: '#7ed321',
  charge: '#9013fe',
  discharge: '#50e3c2',
  lastYear: '#9b9b9b',
};

/**
 * What a report's PDF says (the renderer draws it, pdf/render.ts): the title and period, the headline
 * figures, the table with its totals, and a chart per energy series the config asks for (generation with last
 * year's beside it when asked). Pure: every word comes from the shared catalogues in `lang`.
 */
export function reportDocument(
  report: Report,
  lang: Lang,
  opts: { generatedLine?: string; logo?: Buffer } = {},
): PdfDocument {
  const columns = reportColumns(report);
  const currency = report.totals.currency ?? '';
  const figures = new Set(report.config.figures);
  const rtl = RTL_LANGUAGES.has(lang);
  const headline: { label: string; value: string }[] = [
    { label: reportText('pv', lang), value: formatCell('kwh', report.totals.pv, lang) },
  ];
  if (figures.has('income') && report.totals.income !== null)
    headline.push({
      label: reportText('income', lang),
      value: formatCell('money', report.totals.income, lang, currency),
    });
  if (figures.has('specificYield'))
    headline.push({
      label: reportText('specificYield', lang),
      value: formatCell('yield', report.totals.specificYield, lang),
    });
  if (figures.has('co2'))
    headline.push({ label: reportText('co2', lang), value: formatCell('kg', report.totals.co2Kg, lang) });
  if (figures.has('lastYear'))
    headline.push({
      label: reportText('yearOnYear', lang),
      value: formatCell('ratio', report.totals.yearOnYear, lang),
    });

  const rows = report.rows.map((r) => columns.map((c) => formatCell(c.kind, c.value(r), lang, r.currency)));
  rows.push(
    columns.map((c, i) =>
      i === 0 ? reportText('total', lang) : c.total ? formatCell(c.kind, c.total(report.totals), lang, currency) : '',
    ),
  );

  const blocks: PdfBlock[] = [
    { kind: 'figures', items: headline },
    {
      kind: 'table',
      columns: columns.map((c) => ({ label: c.heading(lang), numeric: c.kind !== 'text' })),
      rows,
    },
  ];
  for (const key of SERIES) {
    if (!figures.has(key)) continue;
    const withLastYear = key === 'pv' && figures.has('lastYear');
    const series: Record<string, unknown>[] = [
      { type: 'bar', name: reportText(key, lang), data: report.series[key], itemStyle: { color: COLOURS[key] } },
    ];
    if (withLastYear)
      series.push({
        type: 'line',
        name: reportText('lastYear', lang),
        data: report.series.lastYearPv,
        itemStyle: { color: COLOURS.lastYear },
      });
    blocks.push({
      kind: 'chart',
      caption: reportText(key, lang),
      option: {
        animation: false,
        legend: { top: 0, data: series.map((s) => s.name) },
        grid: { left: 56, right: 24, top: 32, bottom: 40 },
        xAxis: { type: 'category', data: report.series.buckets, inverse: rtl },
        yAxis: { type: 'value', name: 'kWh', position: rtl ? 'right' : 'left' },
        series,
      },
    });
  }

  return {
    lang,
    title: report.config.name,
    subtitle: `${report.from === report.to ? report.from : `${report.from} – ${report.to}`}`,
    ...(opts.logo ? { logo: opts.logo } : {}),
    ...(opts.generatedLine ? { generatedLine: opts.generatedLine } : {}),
    pageLabel: (page, pages) => reportText('pageLabel', lang, { page: String(page), pages: String(pages) }),
    blocks,
  };
}
