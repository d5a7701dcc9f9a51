import { describe, expect, it } from 'vitest';
import { type SetLine, TextSetter } from './text.js';

/** What each line shows, left to right, as the words handed to pdfkit (Hebrew words in logical order). */
function shown(line: SetLine): string[] {
  return line.runs.flatMap((r) => r.words.map((w) => w.text));
}

const body = { size: 10, weight: 'regular' } as const;

describe('TextSetter', () => {
  it('wraps Latin text at spaces, no line wider than asked', () => {
    const t = new TextSetter('en');
    const text = 'Performance ratio is measured against the irradiance of each plant’s weather station.';
    const lines = t.wrap(text, body, 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(150);
    expect(lines.flatMap(shown).join(' ')).toBe(text);
  });

  it('wraps Chinese between characters and keeps closing punctuation off a line start', () => {
    const t = new TextSetter('cn');
    const text = '本月发电量比去年同期高百分之四，性能比按各电站气象站的辐照度计算。可用率统计日照期间的分钟数。';
    const lines = t.wrap(text, body, 80);
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) {
      expect(l.width).toBeLessThanOrEqual(80);
      expect(shown(l).join('')).not.toMatch(/^[，。]/);
    }
    expect(lines.map((l) => shown(l).join('')).join('')).toBe(text);
  });

  it('cuts a word longer than the line between characters', () => {
    const t = new TextSetter('en');
    const serial = 'SN'.padEnd(120, '0123456789');
    const lines = t.wrap(serial, body, 100);
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(100);
    expect(lines.map((l) => shown(l).join('')).join('')).toBe(serial);
  });

  it('orders a Hebrew line from the right, with numbers and Latin names left to right inside it', () => {
    const t = new TextSetter('he');
    const line = t.line('הייצור של Sunfield Depot היה 1,324.3 kWh', body);
    // Visual order, left to right: the last logical word first.
    expect(shown(line)).toEqual(['kWh', '1,324.3', 'היה', 'Sunfield', 'Depot', 'של', 'הייצור']);
  });

  it('mirrors brackets in a right-to-left run', () => {
    const t = new TextSetter('he');
    // Logical "תחנה (ראשית)": read from the right, the opening bracket comes first, so drawn left to right the
    // line starts with the closing one, and each bracket is mirrored to face its text.
    expect(shown(t.line('תחנה (ראשית)', body))).toEqual(['(', 'ראשית', ')', 'תחנה']);
  });

  it('sets a word in one font when one font has all its letters', () => {
    const t = new TextSetter('cn');
    const line = t.line('Łódź 仓库', body);
    expect(line.runs.map((r) => r.face.id)).toEqual(['noto-regular', 'hans-regular']);
  });
});
