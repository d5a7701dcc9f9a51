import { describe, expect, it } from 'vitest';
import { localToUtc, type PowerPoint } from '@heliograph/shared';
import { buildDayChart, toWallClock } from './daySeries';

const tz = 'Asia/Shanghai';
const day = '2026-06-01';
const at = (hh: number, mm: number) => localToUtc(day, hh * 60 + mm, tz);
const point = (ts: number, v: Partial<PowerPoint> = {}): PowerPoint => ({
  ts,
  pv: 0,
  load: 0,
  grid: 0,
  battery: 0,
  soc: 50,
  ...v,
});

describe('day chart series', () => {
  it('writes plant-local times as UTC instants for a UTC axis', () => {
    expect(new Date(toWallClock(at(12, 5), tz)).toISOString()).toBe('2026-06-01T12:05:00.000Z');
  });

  it('scales every power series into one unit and spans the plant-local day', () => {
    const d = buildDayChart(
      [point(at(12, 0), { pv: 4200, load: 800, grid: -3000, battery: -400, soc: 61.26 })],
      day,
      tz,
      true,
    );
    expect(d.unit).toBe('kW');
    expect(d.divisor).toBe(1000);
    expect(d.start).toBe(Date.parse('2026-06-01T00:00:00Z'));
    expect(d.end - d.start).toBe(86_400_000);
    expect(d.series.map((s) => s.key)).toEqual(['pv', 'load', 'grid', 'battery', 'soc']);
    expect(d.series.map((s) => s.data[0]?.[1])).toEqual([4.2, 0.8, -3, -0.4, 61.3]);
    expect(d.peakPv).toEqual({ ts: at(12, 0), watts: 4200 });
    expect(d.points).toBe(4);
  });

  it('keeps watts for a small plant and leaves out battery and SOC without a battery', () => {
    const d = buildDayChart(
      [point(at(8, 0), { pv: 640, load: 300, grid: -340, battery: null, soc: null })],
      day,
      tz,
      false,
    );
    expect(d.unit).toBe('W');
    expect(d.series.map((s) => s.key)).toEqual(['pv', 'load', 'grid']);
  });

  it('sorts the points and breaks the line where readings are missing', () => {
    const d = buildDayChart(
      [point(at(10, 30), { pv: 3000 }), point(at(10, 0), { pv: 1000 }), point(at(10, 5), { pv: 2000 })],
      day,
      tz,
      true,
    );
    const pv = d.series[0]!.data;
    expect(pv.map(([, v]) => v)).toEqual([1, 2, null, 3]);
    expect(pv[2]![0]).toBe(Date.parse('2026-06-01T10:10:00Z'));
  });

  it('has no data for an empty day or one of nulls only', () => {
    expect(buildDayChart([], day, tz, true).hasData).toBe(false);
    const nulls = buildDayChart(
      [point(at(1, 0), { pv: null, load: null, grid: null, battery: null, soc: null })],
      day,
      tz,
      true,
    );
    expect(nulls.hasData).toBe(false);
    expect(nulls.peakPv).toBeNull();
  });

  it('names no solar peak on a day without PV', () => {
    const night = buildDayChart([point(at(1, 0), { pv: 0, load: 400, grid: 400 })], day, tz, true);
    expect(night.hasData).toBe(true);
    expect(night.peakPv).toBeNull();
  });
});
