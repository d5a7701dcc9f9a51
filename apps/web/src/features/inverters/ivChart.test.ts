import { ivKeyPoints, type IvMpptCurve } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { ivChartOption, ivHasCurrent, weakInputs } from './ivChart';

type Series = { id: string; name: string; yAxisIndex: number; data: number[][]; lineStyle: { type?: string } };
type Axis = { name: string; position?: string; inverse?: boolean; axisLabel?: { formatter: (v: number) => string } };

function mppt(index: number, isc: number): IvMpptCurve {
  const points = Array.from({ length: 30 }, (_, k) => {
    const v = (400 * k) / 29;
    return { v, i: Math.max(0, isc * (1 - Math.exp((v - 400) / 15))) };
  });
  return { index, points, ...ivKeyPoints(points) };
}

const text = {
  name: (n: number, curve: 'iv' | 'pv') => `MPPT ${n} ${curve === 'iv' ? 'I–V' : 'P–V'}`,
  number: (v: number, d: number) => v.toFixed(d),
};

describe('I-V chart option', () => {
  const scan = [mppt(1, 10), mppt(2, 4)];

  it('draws an I–V line on the ampere axis and a P–V line on the watt axis per input, and dots each MPP', () => {
    const option = ivChartOption(scan, { rtl: false, text });
    const series = option.series as Series[];
    expect(series.map((s) => s.id)).toEqual(['mppt1-iv', 'mppt1-pv', 'mppt1-mpp', 'mppt2-iv', 'mppt2-pv', 'mppt2-mpp']);
    const [iv, pv, mpp] = series;
    expect(iv?.yAxisIndex).toBe(0);
    expect(iv?.data[0]).toEqual([0, scan[0]?.points[0]?.i]);
    expect(pv?.yAxisIndex).toBe(1);
    expect(pv?.lineStyle.type).toBe('dashed');
    expect(Math.max(...(pv?.data.map((d) => d[1] ?? 0) ?? []))).toBeCloseTo(scan[0]?.pmax ?? 0, 0);
    expect(mpp?.data).toEqual([[scan[0]?.vmp, scan[0]?.pmax]]);
    // The dot shares its P–V line's legend entry; the legend lists each line once.
    expect(mpp?.name).toBe(pv?.name);
    expect((option.legend as { data: string[] }).data).toEqual([
      'MPPT 1 I–V',
      'MPPT 1 P–V',
      'MPPT 2 I–V',
      'MPPT 2 P–V',
    ]);
  });

  it('puts volts along x, amperes at the start and watts at the end, mirrored in right-to-left languages', () => {
    const ltr = ivChartOption(scan, { rtl: false, text });
    expect((ltr.xAxis as Axis).name).toBe('V');
    expect((ltr.xAxis as Axis).inverse).toBe(false);
    expect((ltr.yAxis as Axis[]).map((a) => [a.name, a.position])).toEqual([
      ['A', 'left'],
      ['W', 'right'],
    ]);
    const rtl = ivChartOption(scan, { rtl: true, text });
    expect((rtl.xAxis as Axis).inverse).toBe(true);
    expect((rtl.yAxis as Axis[]).map((a) => [a.name, a.position])).toEqual([
      ['A', 'right'],
      ['W', 'left'],
    ]);
    // Numbers keep their left-to-right order on a right-to-left canvas.
    expect((rtl.yAxis as Axis[])[1]?.axisLabel?.formatter(12000)).toBe('\u200e12,000');
    expect((ltr.yAxis as Axis[])[1]?.axisLabel).toBeUndefined();
  });

  it('shows volts and each line’s value in the tooltip, without the MPP dots', () => {
    const option = ivChartOption(scan, { rtl: true, text });
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([
      { seriesId: 'mppt1-iv', seriesName: 'MPPT 1 I–V', value: [300, 9.5], dataIndex: 3, color: '#1677ff' },
      { seriesId: 'mppt1-pv', seriesName: 'MPPT 1 P–V', value: [300, 2850], dataIndex: 3, color: '#1677ff' },
      { seriesId: 'mppt1-mpp', seriesName: 'MPPT 1 P–V', value: [330, 3000], dataIndex: 0 },
    ]);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('300.0 V');
    expect(html).toContain('9.50 A');
    expect(html).toContain('2850 W');
    expect(html).not.toContain('3000 W');
  });

  it('tells a scan in the dark (no current anywhere) from one with current', () => {
    const dark: IvMpptCurve = { ...mppt(1, 0), voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0 };
    expect(ivHasCurrent([dark])).toBe(false);
    expect(ivHasCurrent([dark, mppt(2, 3)])).toBe(true);
    expect((ivChartOption([dark], { rtl: false, text }).series as Series[])[2]?.data).toEqual([]);
  });
});

describe('weak inputs', () => {
  it('names the inputs far below the best one (a dead one too), none for one input or in the dark', () => {
    const dead: IvMpptCurve = { ...mppt(4, 0), voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0 };
    expect(weakInputs([mppt(1, 10), mppt(2, 4), mppt(3, 9.5)])).toEqual([2]);
    expect(weakInputs([mppt(1, 10), dead])).toEqual([4]);
    expect(weakInputs([mppt(1, 10), mppt(2, 9)])).toEqual([]);
    expect(weakInputs([mppt(1, 10)])).toEqual([]);
    expect(weakInputs([dead, { ...dead, index: 5 }])).toEqual([]);
  });
});
