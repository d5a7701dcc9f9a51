import type { Report } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { reportDocument } from './pdf-document.js';

const row = {
  plantId: 'p1',
  plantName: 'Roof A',
  deviceSn: null,
  deviceKind: null,
  capacityKwp: 10,
  currency: 'EUR',
  pv: 1234.5,
  load: 800,
  purchase: 100,
  feedIn: 534.5,
  charge: 0,
  discharge: 0,
  income: 210.25,
  specificYield: 123.45,
  performanceRatio: 0.812,
  insolation: 152,
  insolationSource: 'clearSky' as const,
  availability: 1,
  co2Kg: 592.56,
  lastYearPv: 1100,
  yearOnYear: 0.1223,
};

const report: Report = {
  config: {
    id: 'c1',
    name: 'May fleet',
    plantIds: [],
    figures: ['pv', 'income', 'performanceRatio', 'lastYear'],
    period: 'monthly',
    scope: 'plant',
    schedule: 'none',
    nextDueAt: null,
    updatedAt: 0,
  },
  date: '2026-05',
  from: '2026-05-01',
  to: '2026-05-31',
  rows: [row],
  totals: {
    capacityKwp: 10,
    pv: 1234.5,
    load: 800,
    purchase: 100,
    feedIn: 534.5,
    charge: 0,
    discharge: 0,
    income: 210.25,
    currency: 'EUR',
    specificYield: 123.45,
    co2Kg: 592.56,
    lastYearPv: 1100,
    yearOnYear: 0.1223,
  },
  series: {
    buckets: ['2026-05-01', '2026-05-02'],
    pv: [600, 634.5],
    load: [400, 400],
    purchase: [50, 50],
    feedIn: [260, 274.5],
    charge: [0, 0],
    discharge: [0, 0],
    lastYearPv: [550, 550],
  },
};

describe('reportDocument', () => {
  it('says the figures, the table with its totals and a chart per asked series, in the reader’s words', () => {
    const doc = reportDocument(report, 'de');
    expect(doc.title).toBe('May fleet');
    expect(doc.subtitle).toBe('2026-05-01 – 2026-05-31');
    expect(doc.pageLabel(2, 5)).toBe('Seite 2 von 5');
    const figures = doc.blocks.find((b) => b.kind === 'figures');
    expect(figures?.kind === 'figures' && figures.items[0]).toEqual({ label: 'Erzeugung (kWh)', value: '1.234,5' });
    const table = doc.blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.columns.map((c) => c.label)).toEqual([
      'Anlage',
      'Leistung (kWp)',
      'Erzeugung (kWh)',
      'Ertrag',
      'Performance Ratio (%)',
      'Einstrahlung (kWh/m²)',
      'Vorjahreszeitraum (kWh)',
      'Veränderung zum Vorjahr (%)',
    ]);
    expect(table.rows[0]).toEqual([
      'Roof A',
      '10,00',
      '1.234,5',
      '210,25 EUR',
      '81,2 %',
      '152,00',
      '1.100,0',
      '12,2 %',
    ]);
    expect(table.rows[1]?.[0]).toBe('Summe');
    const charts = doc.blocks.filter((b) => b.kind === 'chart');
    // Only generation is an energy series this config asks for; last year rides along as a line.
    expect(charts).toHaveLength(1);
    const option = charts[0]?.kind === 'chart' ? charts[0].option : {};
    expect(JSON.stringify(option)).toContain('"data":[550,550]');
    // Plain data only: the option survives JSON unchanged.
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });

  it('mirrors the chart axis in Hebrew and writes Chinese words in Chinese', () => {
    const he = reportDocument(report, 'he');
    const chart = he.blocks.find((b) => b.kind === 'chart');
    expect(chart?.kind === 'chart' && (chart.option.xAxis as { inverse: boolean }).inverse).toBe(true);
    expect(reportDocument(report, 'cn').pageLabel(1, 3)).toBe('第 1 页，共 3 页');
  });
});
