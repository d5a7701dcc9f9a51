import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseListState } from '../../components/list';
import {
  BAND_COLORS,
  SCREENING_SPEC,
  bandColor,
  bandLabels,
  bandSummary,
  capacityUpsideDown,
  screeningChartOption,
  screeningNarrowed,
  screeningParams,
} from './screening';

const TODAY = dayjs('2026-06-15');
const state = (query: string) => parseListState(new URLSearchParams(query), SCREENING_SPEC);
const words = {
  below: (to: string) => `< ${to}`,
  between: (from: string, to: string) => `${from}–${to}`,
  above: (from: string) => `≥ ${from}`,
};

describe('data screening: the address and the query', () => {
  it('opens on this month, worst share of the median first, 20 plants a page', () => {
    expect(screeningParams(state(''), TODAY)).toEqual({
      period: 'monthly',
      date: '2026-06',
      page: 1,
      size: 20,
      sort: 'peerShare',
      order: 'asc',
    });
    expect(screeningNarrowed(state(''))).toBe(false);
  });

  it('sends every filter of the address in the API’s words', () => {
    const q = screeningParams(
      state(
        'period=yearly&date=2025&q=Alpha&country=DE&type=storage_ac&status=fault&capMin=10&capMax=500&under=true&sort=pv&order=desc&page=2&size=50',
      ),
      TODAY,
    );
    expect(q).toEqual({
      period: 'yearly',
      date: '2025',
      keyword: 'Alpha',
      country: 'DE',
      type: 'storage_ac',
      status: 'fault',
      capacityMin: 10,
      capacityMax: 500,
      under: 'true',
      sort: 'pv',
      order: 'desc',
      page: 2,
      size: 50,
    });
  });

  it('drops what the API would refuse: a date of another period, an unknown region, type or status', () => {
    const q = screeningParams(state('period=daily&date=2026-05&country=Germany&type=boat&status=sleepy'), TODAY);
    expect(q).toMatchObject({ period: 'daily', date: '2026-06-14' });
    expect(q).not.toHaveProperty('country');
    expect(q).not.toHaveProperty('type');
    expect(q).not.toHaveProperty('status');
  });

  it('counts the region or under-only as narrowing, the period not', () => {
    expect(screeningNarrowed(state('period=yearly&date=2025'))).toBe(false);
    expect(screeningNarrowed(state('country=PL'))).toBe(true);
    expect(screeningNarrowed(state('under=true'))).toBe(true);
  });

  it('holds back a capacity range that is upside down', () => {
    expect(capacityUpsideDown(state('capMin=500&capMax=10'))).toBe(true);
    expect(capacityUpsideDown(state('capMin=10&capMax=500'))).toBe(false);
    expect(capacityUpsideDown(state('capMin=10'))).toBe(false);
  });
});

describe('data screening: the histogram', () => {
  it('labels the bands as shares of the median in the user’s language', () => {
    expect(bandLabels('en', words)).toEqual(['< 50%', '50–80%', '80–90%', '90–110%', '110–120%', '≥ 120%']);
    // German puts a no-break space before the sign.
    expect(bandLabels('de', words)).toEqual(
      ['< 50 %', '50–80 %', '80–90 %', '90–110 %', '110–120 %', '≥ 120 %'].map((l) => l.replace(' %', '\u00a0%')),
    );
  });

  it('draws the bands under 80 % of the median in the error and warning colours', () => {
    expect([0, 1, 2, 3, 4, 5].map(bandColor)).toEqual([
      BAND_COLORS.severe,
      BAND_COLORS.under,
      BAND_COLORS.normal,
      BAND_COLORS.normal,
      BAND_COLORS.normal,
      BAND_COLORS.normal,
    ]);
  });

  it('puts one bar per band, mirrored right to left, and says the counts in words', () => {
    const labels = bandLabels('en', words);
    const bands = [1, 0, 2, 5, 1, 0];
    const option = screeningChartOption(bands, labels, { rtl: true, compact: false, name: 'Plants' });
    // Each label kept left to right inside the mirrored chart.
    expect(option.xAxis).toMatchObject({ data: labels.map((l) => `\u2066${l}\u2069`), inverse: true });
    expect(option.yAxis).toMatchObject({ position: 'right' });
    const series = (option.series as { data: { value: number }[] }[])[0];
    expect(series?.data.map((d) => d.value)).toEqual(bands);
    expect(bandSummary(bands, labels, 'en')).toBe('< 50%: 1, 50–80%: 0, 80–90%: 2, 90–110%: 5, 110–120%: 1, ≥ 120%: 0');
  });
});
