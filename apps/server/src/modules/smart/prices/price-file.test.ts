import ExcelJS from 'exceljs';
import { localTime } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { checkPriceRows, csvRows, readPriceFile } from './price-file.js';

const BERLIN = 'Europe/Berlin';
const csv = (lines: string[]) => Buffer.from(['start,buy,sell', ...lines].join('\n'));
const pad = (n: number) => String(n).padStart(2, '0');
/** Hourly rows of a local day: "2026-06-10 00:00,0.1000,0.0500" … */
const hourly = (day: string, hours = 24, price = (h: number) => (0.1 + h / 100).toFixed(4)) =>
  Array.from({ length: hours }, (_, h) => `${day} ${pad(h)}:00,${price(h)}`);

describe('readPriceFile (.csv)', () => {
  it('reads quarter hours written with offsets, negative prices and an optional sell price', () => {
    const lines = Array.from({ length: 96 }, (_, i) => {
      const t = new Date(Date.UTC(2026, 4, 9, 22, 0) + i * 900_000).toISOString().slice(0, 16);
      return `${t}Z,${i === 50 ? '-0.0150' : '0.2100'},${i % 2 ? '0.08' : ''}`;
    });
    const { slots, errors } = readPriceFile('prices.csv', csv(lines), BERLIN);
    expect(errors).toEqual([]);
    expect(slots).toHaveLength(96);
    expect(slots[0]).toEqual({ start: Date.parse('2026-05-09T22:00:00Z'), minutes: 15, buy: 0.21, sell: null });
    expect(slots[50]).toMatchObject({ buy: -0.015, sell: null });
    expect(slots[51]).toMatchObject({ buy: 0.21, sell: 0.08 });
  });

  it('reads local times in the plant’s zone: 25 hours on the day the clocks go back', () => {
    const hours = [0, 1, 2, 2, ...Array.from({ length: 21 }, (_, i) => i + 3)];
    const lines = hours.map((h, i) => `2026-10-25 ${pad(h)}:00,${(0.1 + i / 1000).toFixed(4)}`);
    const { slots, errors } = readPriceFile('prices.csv', csv(lines), BERLIN);
    expect(errors).toEqual([]);
    expect(slots).toHaveLength(25);
    expect(slots[3]!.start - slots[2]!.start).toBe(3_600_000);
    expect(slots.map((s) => localTime(s.start, BERLIN).minuteOfDay / 60).slice(0, 5)).toEqual([0, 1, 2, 2, 3]);
  });

  it('refuses a local time the clocks skip, and every other wrong row, accepting nothing', () => {
    const lines = [
      '2026-03-29 00:00,0.1000', // row 2 fine
      '2026-03-29 01:00,abc', // row 3: not a number
      '2026-03-29 02:00,0.1000', // row 4: does not exist in Berlin
      '2026-03-29 03:00,0.12345,0.1', // row 5: 5 decimals
      '2026-03-29 04:00,12000,x', // row 6: out of range, sell not a number
      '2026-03-29 05:00,', // row 7: buy missing
      '2026-02-30 06:00,0.1', // row 8: no such date
      '2026-03-29 07:07,0.1', // row 9: not on the hour
      '2026-03-29 07:00,0.1', // row 10 fine
      '2026-03-29 07:00,0.1', // row 11: the same hour again
      '2026-03-29 09:00,0.1', // row 12: 08:00 missing
      ',0.1', // row 13: start missing
    ];
    const { slots, errors } = readPriceFile('prices.csv', csv(lines), BERLIN);
    expect(slots).toEqual([]);
    expect(errors).toEqual([
      { row: 3, field: 'buy', rule: 'priceNumber' },
      { row: 4, field: 'start', rule: 'priceSlotLocalGap' },
      { row: 5, field: 'buy', rule: 'priceDecimals4' },
      { row: 6, field: 'buy', rule: 'dynamicPriceRange' },
      { row: 6, field: 'sell', rule: 'priceNumber' },
      { row: 7, field: 'buy', rule: 'required' },
      { row: 8, field: 'start', rule: 'priceSlotTime' },
      { row: 9, field: 'start', rule: 'priceSlotAlign' },
      { row: 11, field: 'start', rule: 'priceSlotOverlap' },
      { row: 12, field: 'start', rule: 'priceSlotGap' },
      { row: 13, field: 'start', rule: 'required' },
    ]);
  });

  it('takes 2 days of quarter hours (192 slots) and refuses a third day', () => {
    const quarter = (day: string) =>
      Array.from({ length: 96 }, (_, i) => `${day} ${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)},0.2`);
    const two = readPriceFile('p.csv', csv([...quarter('2026-06-10'), ...quarter('2026-06-11')]), BERLIN);
    expect(two.errors).toEqual([]);
    expect(two.slots).toHaveLength(192);
    const three = readPriceFile(
      'p.csv',
      csv([...hourly('2026-06-10'), ...hourly('2026-06-11'), ...hourly('2026-06-12')]),
      BERLIN,
    );
    expect(three.errors).toEqual([{ row: 50, field: 'start', rule: 'priceFileDays' }]);
  });

  it('allows a gap only between whole days, and refuses a file of 20-minute slots', () => {
    const apart = readPriceFile('p.csv', csv([...hourly('2026-06-10'), ...hourly('2026-06-12')]), BERLIN);
    expect(apart.errors).toEqual([]);
    const twenty = ['2026-06-10 00:00,0.1', '2026-06-10 00:20,0.1', '2026-06-10 00:40,0.1'];
    expect(readPriceFile('p.csv', csv(twenty), BERLIN).errors).toEqual([
      { row: 3, field: 'start', rule: 'priceSlotLength' },
    ]);
  });

  it('reads semicolon-separated files and quoted fields as Excel saves them in much of Europe', () => {
    const rows = csvRows(
      Buffer.from('\uFEFFstart;buy;sell\r\n"2026-06-10 00:00";"0.1";\r\n\r\n2026-06-10 01:00;0.2;0.1\r\n'),
    );
    expect(rows).toEqual([
      { row: 2, cells: ['2026-06-10 00:00', '0.1', ''] },
      { row: 4, cells: ['2026-06-10 01:00', '0.2', '0.1'] },
    ]);
  });

  it('says "import failed" for a file with no slot rows or of another type', () => {
    expect(() => readPriceFile('p.csv', Buffer.from('start,buy,sell\n'), BERLIN)).toThrow(AppError);
    expect(() => readPriceFile('p.txt', csv(hourly('2026-06-10')), BERLIN)).toThrow(AppError);
    expect(() => checkPriceRows([], BERLIN)).toThrow(AppError);
  });
});

describe('readPriceFile (.xlsx)', () => {
  it('reads date cells as the plant’s clock, text starts and number cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Prices');
    ws.addRow(['start', 'buy', 'sell']);
    // ExcelJS stores a Date by its UTC fields: the cell shows 2026-06-10 00:00, a wall-clock time.
    for (let h = 0; h < 23; h++) ws.addRow([new Date(Date.UTC(2026, 5, 10, h)), 0.1 + h / 100, 0.05]);
    ws.addRow(['2026-06-10T23:00+02:00', -0.0123, null]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const { slots, errors } = readPriceFile('Prices.XLSX', bytes, BERLIN);
    expect(errors).toEqual([]);
    expect(slots).toHaveLength(24);
    expect(slots[0]).toEqual({ start: Date.parse('2026-06-09T22:00:00Z'), minutes: 60, buy: 0.1, sell: 0.05 });
    expect(slots[13]).toMatchObject({ start: Date.parse('2026-06-10T11:00:00Z'), buy: 0.23 });
    expect(slots[23]).toEqual({ start: Date.parse('2026-06-10T21:00:00Z'), minutes: 60, buy: -0.0123, sell: null });
  });

  it('reports a wrong cell by its sheet row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Prices');
    ws.addRow(['start', 'buy', 'sell']);
    ws.addRow(['2026-06-10 00:00', 0.1]);
    ws.addRow(['2026-06-10 01:00', 'cheap']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(readPriceFile('p.xlsx', bytes, BERLIN).errors).toEqual([{ row: 3, field: 'buy', rule: 'priceNumber' }]);
  });
});
