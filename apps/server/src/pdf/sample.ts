import { readFileSync } from 'node:fs';
import type { Lang } from '@heliograph/shared';
import type { PdfBlock, PdfDocument } from './document.js';

/**
 * Sample documents for the PDF bench (bench/pdf.ts) and the picture in docs/screenshots: a monthly plant
 * report as the reports module will build one, in English, Hebrew or Chinese, with as many days of table as
 * asked (a year of a large fleet is many pages). Made-up figures, deterministic: no clock, no randomness.
 */

interface Words {
  title: string;
  subtitle: string;
  generated: string;
  page: (n: number, total: number) => string;
  summary: string;
  intro: string;
  energy: string;
  yield: string;
  pr: string;
  co2: string;
  income: string;
  daily: string;
  date: string;
  plant: string;
  chartCaption: string;
  generation: string;
  consumption: string;
  plants: string[];
}

const WORDS: Record<'en' | 'he' | 'cn', Words> = {
  en: {
    title: 'Monthly plant report — November 2026',
    subtitle: 'Sunfield Rooftops (3 plants, 412.6 kWp) · 2026-11-01 to 2026-11-30',
    generated: 'Generated 2026-11-27 06:00 (Europe/Berlin)',
    page: (n, t) => `Page ${n} of ${t}`,
    summary: 'Summary',
    intro:
      'Generation was 4.2 % above November of last year. Performance ratio is measured against the irradiance of each plant’s weather station; availability counts the minutes every inverter reported power while the sun was up.',
    energy: 'Energy',
    yield: 'Specific yield',
    pr: 'Performance ratio',
    co2: 'CO₂ avoided',
    income: 'Income',
    daily: 'Daily generation',
    date: 'Date',
    plant: 'Plant',
    chartCaption: 'Daily generation and consumption, kWh',
    generation: 'Generation',
    consumption: 'Consumption',
    plants: ['Sunfield Depot', 'Łódź Warehouse', 'Müllerstraße 12'],
  },
  he: {
    title: 'דוח תחנה חודשי — נובמבר 2026',
    subtitle: 'גגות סאנפילד (3 תחנות, 412.6 kWp) · 2026-11-01 עד 2026-11-30',
    generated: 'הופק 2026-11-27 06:00 (Asia/Jerusalem)',
    page: (n, t) => `עמוד ${n} מתוך ${t}`,
    summary: 'סיכום',
    intro: 'הייצור היה גבוה ב-4.2% מנובמבר אשתקד. יחס הביצועים (PR) נמדד מול הקרינה של תחנת מזג האוויר של כל תחנה.',
    energy: 'אנרגיה',
    yield: 'תפוקה סגולית',
    pr: 'יחס ביצועים',
    co2: 'פליטת CO₂ שנחסכה',
    income: 'הכנסה',
    daily: 'ייצור יומי',
    date: 'תאריך',
    plant: 'תחנה',
    chartCaption: 'ייצור וצריכה יומיים, kWh',
    generation: 'ייצור',
    consumption: 'צריכה',
    plants: ['מחסן סאנפילד', 'גג הנגב', 'Sunfield Depot'],
  },
  cn: {
    title: '电站月报 — 2026年11月',
    subtitle: '阳光屋顶（3 座电站，412.6 kWp）· 2026-11-01 至 2026-11-30',
    generated: '生成于 2026-11-27 06:00（Asia/Shanghai）',
    page: (n, t) => `第 ${n} 页，共 ${t} 页`,
    summary: '概要',
    intro:
      '本月发电量比去年同期高 4.2%。性能比（PR）按各电站气象站的辐照度计算；可用率统计日照期间每台逆变器上报功率的分钟数。',
    energy: '发电量',
    yield: '等效利用小时',
    pr: '性能比',
    co2: 'CO₂ 减排',
    income: '收益',
    daily: '日发电量',
    date: '日期',
    plant: '电站',
    chartCaption: '每日发电量与用电量，kWh',
    generation: '发电量',
    consumption: '用电量',
    plants: ['阳光仓库', '南山屋顶', 'Sunfield Depot'],
  },
};

/** A made-up company's logo, 440 × 116 px (twice §9's 220 × 58 box, so it stays sharp in print). */
export function sampleLogo(): Buffer {
  return readFileSync(new URL('./sample-logo.png', import.meta.url));
}

/**
 * A report with `days` table rows (30 fill two pages with the summary above them); `sections` repeats the
 * chart and the table, as a fleet report has one section per plant (26 sections make about forty pages).
 */
export function sampleDocument(
  lang: Extract<Lang, 'en' | 'he' | 'cn'>,
  days = 30,
  logo?: Buffer,
  sections = 1,
): PdfDocument {
  const w = WORDS[lang];
  const gen = (d: number, p: number): number => Math.round((1200 + 380 * Math.sin(d / 3 + p) + 90 * p) * 10) / 10;
  const fmt = (n: number): string => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const dates = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
  const rows: string[][] = [];
  for (let d = 0; d < days; d++) {
    for (let p = 0; p < 1; p++) {
      const e = gen(d, p);
      rows.push([
        dates[d % 30] ?? '',
        w.plants[d % 3] ?? '',
        fmt(e),
        fmt(e / 412.6),
        `${(78 + (d % 7)).toFixed(1)} %`,
        fmt(e * 0.42),
      ]);
    }
  }
  const summary: PdfBlock[] = [
    { kind: 'heading', text: w.summary },
    {
      kind: 'figures',
      items: [
        { label: w.energy, value: '38,412.5 kWh' },
        { label: w.yield, value: '93.1 kWh/kWp' },
        { label: w.pr, value: '81.2 %' },
        { label: w.co2, value: '16.1 t' },
      ],
    },
    { kind: 'paragraph', text: w.intro },
  ];
  const section = (n: number): PdfBlock[] => [
    { kind: 'heading', text: sections > 1 ? `${w.daily} — ${w.plants[n % 3] ?? ''} #${n + 1}` : w.daily },
    {
      kind: 'chart',
      caption: w.chartCaption,
      option: {
        grid:
          lang === 'he' ? { left: 16, right: 48, top: 36, bottom: 28 } : { left: 48, right: 16, top: 36, bottom: 28 },
        legend: { top: 4, data: [w.generation, w.consumption] },
        // A Hebrew chart reads from the right, as the console's chart builders draw it (their `rtl` flag).
        xAxis: {
          type: 'category',
          data: dates.map((d) => d.slice(5)),
          axisLabel: { interval: 4 },
          inverse: lang === 'he',
        },
        yAxis: {
          type: 'value',
          name: 'kWh',
          position: lang === 'he' ? 'right' : 'left',
          splitLine: { lineStyle: { color: '#E8EAEE' } },
        },
        series: [
          { name: w.generation, type: 'bar', barMaxWidth: 10, data: dates.map((_, d) => gen(d, n)) },
          {
            name: w.consumption,
            type: 'line',
            smooth: true,
            symbol: 'none',
            data: dates.map((_, d) => Math.round(900 + 150 * Math.cos(d / 4))),
          },
        ],
      },
    },
    {
      kind: 'table',
      columns: [
        { label: w.date },
        { label: w.plant },
        { label: `${w.energy} (kWh)`, numeric: true },
        { label: `${w.yield} (kWh/kWp)`, numeric: true },
        { label: w.pr, numeric: true },
        { label: `${w.income} (€)`, numeric: true },
      ],
      rows,
    },
  ];
  const blocks = [...summary, ...Array.from({ length: sections }, (_, n) => section(n)).flat()];
  return {
    lang,
    title: w.title,
    subtitle: w.subtitle,
    generatedLine: w.generated,
    pageLabel: w.page,
    blocks,
    ...(logo ? { logo } : {}),
  };
}
