import { readFileSync } from 'node:fs';
import { cheapestAndDearest, dayRange, localTime, type PriceSlot } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { parseEntsoeDayAhead } from './entsoe.js';

// A real A44 answer for Germany-Luxembourg (10Y1001A1001A82H), 6 and 7 October 2024, recorded by the
// hass-entso-e integration's tests (samples/README.md): the hourly auction as classification sequence 1 and a
// quarter-hour series as sequence 2 over the same hours, both curveType A03 with left-out positions.
const recorded = readFileSync(new URL('./samples/entsoe-de-lu-day-ahead.xml', import.meta.url), 'utf8');
const BERLIN = 'Europe/Berlin';

const clock = (ms: number, tz = BERLIN) => {
  const m = localTime(ms, tz).minuteOfDay;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A hand-made A44 document with one Period. */
function doc(start: string, end: string, resolution: string, curveType: string, points: [number, string][]): string {
  const body = points.map(([p, a]) => `<Point><position>${p}</position><price.amount>${a}</price.amount></Point>`);
  return `<?xml version="1.0" encoding="utf-8"?>
<Publication_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3">
  <type>A44</type>
  <TimeSeries><currency_Unit.name>EUR</currency_Unit.name><price_Measure_Unit.name>MWH</price_Measure_Unit.name>
    <curveType>${curveType}</curveType>
    <Period><timeInterval><start>${start}</start><end>${end}</end></timeInterval><resolution>${resolution}</resolution>
      ${body.join('\n')}
    </Period></TimeSeries>
</Publication_MarketDocument>`;
}

describe('parseEntsoeDayAhead on a recorded German document', () => {
  const hourly = parseEntsoeDayAhead(recorded);
  const day = (slots: PriceSlot[], d: string) => {
    const [from, to] = dayRange(d, BERLIN);
    return slots.filter((s) => s.start >= from && s.start < to);
  };

  it('reads the hourly auction (sequence 1) of both days in EUR/kWh', () => {
    expect(hourly.currency).toBe('EUR');
    expect(hourly.slots).toHaveLength(48);
    expect(hourly.slots.every((s) => s.minutes === 60)).toBe(true);
    // Position 1: 67.04 EUR/MWh from midnight in Berlin.
    expect(hourly.slots[0]).toEqual({ start: Date.parse('2024-10-05T22:00:00Z'), minutes: 60, buy: 0.067, sell: null });
  });

  it('fills the hour A03 leaves out, and keeps 4 decimals of EUR/kWh (−0.01 EUR/MWh is 0)', () => {
    const oct6 = day(hourly.slots, '2024-10-06');
    // Positions 13 (5.25), 14 (−0.01), 15 (left out), 16 (0.2) at 12:00 to 15:00.
    expect(oct6.slice(12, 16).map((s) => [clock(s.start), s.buy])).toEqual([
      ['12:00', 0.0053],
      ['13:00', 0],
      ['14:00', 0],
      ['15:00', 0.0002],
    ]);
  });

  it('marks the 3 cheapest and dearest hours of 6 October in Berlin time', () => {
    const { cheapest, dearest } = cheapestAndDearest(day(hourly.slots, '2024-10-06'));
    expect(cheapest.map((s) => [clock(s.start), s.buy])).toEqual([
      ['13:00', 0],
      ['14:00', 0],
      ['15:00', 0.0002],
    ]);
    expect(dearest.map((s) => [clock(s.start), s.buy])).toEqual([
      ['18:00', 0.1063],
      ['19:00', 0.0972],
      ['17:00', 0.0909],
    ]);
  });

  it('reads the quarter-hour series (sequence 2) on request, its left-out quarters filled', () => {
    const quarters = parseEntsoeDayAhead(recorded, 2).slots;
    expect(quarters).toHaveLength(192);
    expect(quarters.every((s) => s.minutes === 15)).toBe(true);
    // 6 October: position 22 (68.2) at 05:15 and 23 left out at 05:30.
    expect(
      day(quarters, '2024-10-06')
        .slice(21, 23)
        .map((s) => [clock(s.start), s.buy]),
    ).toEqual([
      ['05:15', 0.0682],
      ['05:30', 0.0682],
    ]);
    // 7 October: position 5 (64.91) at 01:00 and 6 left out at 01:15.
    expect(
      day(quarters, '2024-10-07')
        .slice(4, 6)
        .map((s) => [clock(s.start), s.buy]),
    ).toEqual([
      ['01:00', 0.0649],
      ['01:15', 0.0649],
    ]);
  });

  it('refuses a document whose sequences would overlap once merged', () => {
    const unsequenced = recorded.replaceAll(
      /<classificationSequence_AttributeInstanceComponent\.position>\d<\/classificationSequence_AttributeInstanceComponent\.position>/g,
      '',
    );
    expect(() => parseEntsoeDayAhead(unsequenced)).toThrow(/overlapping periods/);
  });
});

describe('parseEntsoeDayAhead rules (hand-made documents)', () => {
  it('A03: a left-out position repeats the previous price, to the end of the period', () => {
    const { slots } = parseEntsoeDayAhead(
      doc('2026-06-01T22:00Z', '2026-06-01T23:00Z', 'PT15M', 'A03', [
        [1, '-5.5'],
        [3, '80'],
      ]),
    );
    expect(slots.map((s) => s.buy)).toEqual([-0.0055, -0.0055, 0.08, 0.08]);
  });

  it('A01: a missing position is refused rather than guessed', () => {
    expect(() =>
      parseEntsoeDayAhead(doc('2026-06-01T22:00Z', '2026-06-01T23:00Z', 'PT15M', 'A01', [[1, '1']])),
    ).toThrow(/position 2 missing/);
  });

  it('a 23-hour spring day and a 25-hour autumn day in Berlin keep one slot per real hour', () => {
    const hours = (n: number) => Array.from({ length: n }, (_, i): [number, string] => [i + 1, String(10 + i)]);
    const spring = parseEntsoeDayAhead(doc('2026-03-28T23:00Z', '2026-03-29T22:00Z', 'PT60M', 'A01', hours(23))).slots;
    expect(spring).toHaveLength(23);
    expect(spring.map((s) => clock(s.start, 'Europe/Berlin')).slice(1, 3)).toEqual(['01:00', '03:00']);
    const autumn = parseEntsoeDayAhead(doc('2026-10-24T22:00Z', '2026-10-25T23:00Z', 'PT60M', 'A01', hours(25))).slots;
    expect(autumn).toHaveLength(25);
    expect(autumn.map((s) => clock(s.start, 'Europe/Berlin')).slice(1, 4)).toEqual(['01:00', '02:00', '02:00']);
    const [from, to] = dayRange('2026-10-25', 'Europe/Berlin');
    expect((to - from) / 3_600_000).toBe(autumn.length);
  });

  it('refuses an acknowledgement (no data), other units and resolutions, and a broken price', () => {
    const ack = `<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
      <Reason><code>999</code><text>No matching data found</text></Reason></Acknowledgement_MarketDocument>`;
    expect(() => parseEntsoeDayAhead(ack)).toThrow(/No matching data found/);
    const hourly = doc('2026-06-01T22:00Z', '2026-06-01T23:00Z', 'PT60M', 'A01', [[1, '50']]);
    expect(() => parseEntsoeDayAhead(hourly.replace('>MWH<', '>KWH<'))).toThrow(/not MWH/);
    expect(() => parseEntsoeDayAhead(hourly.replace('PT60M', 'PT5M'))).toThrow(/resolution/);
    expect(() => parseEntsoeDayAhead(hourly.replace('>50<', '>5e1<'))).toThrow(/bad point/);
    expect(() => parseEntsoeDayAhead('<html>')).toThrow();
  });
});
