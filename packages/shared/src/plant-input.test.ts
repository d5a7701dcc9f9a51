import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages/index.js';
import {
  isPlainIdentifier,
  isValidDate,
  isValidTimeZone,
  pictureTypeOf,
  plantCreateSchema,
  plantNameProblem,
  priceProblem,
  touSegmentProblems,
  valuationSchema,
  type PlantCreateInput,
} from './plant-input.js';
import type { TouSegment } from './plant.js';

const seg = (start: string, end: string, buy = 0.3, sell = 0.1): TouSegment => ({ start, end, buy, sell });

const valid: PlantCreateInput = {
  name: 'Sunny Roof 1',
  capacityKw: 9.9,
  type: 'grid',
  commissionedOn: '2025-04-30',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  address: 'Hauptstraße 1, Berlin',
  latitude: 52.52,
  longitude: 13.405,
  valuation: { method: 'constant', buyPrice: 0.32, sellPrice: 0.08 },
  gateways: [{ sn: 'GW1000001', key: 'AB12CD34' }],
  ownerAccount: 'Owner@Sunrise.example',
};

/** The rule keys a value is refused with, by field path. */
function problems(input: unknown): Record<string, string> {
  const r = plantCreateSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('plant creation input', () => {
  it('accepts a complete plant and normalises the owner account', () => {
    const r = plantCreateSchema.parse(valid);
    expect(r.ownerAccount).toBe('owner@sunrise.example');
    expect(r.valuation.buyVat).toBe(0);
  });

  it.each([
    ['name', 'abcd', 'plantName'],
    ['name', '     abcd    ', 'plantName'],
    ['name', 'x'.repeat(33), 'plantName'],
    ['capacityKw', -0.1, 'capacityRange'],
    ['capacityKw', 50_000.1, 'capacityRange'],
    ['type', 'hydro', 'plantType'],
    ['commissionedOn', '2025-02-30', 'date'],
    ['commissionedOn', '30.04.2025', 'date'],
    ['timezone', 'Mars/Olympus', 'timezone'],
    ['timezone', '+02:00', 'timezone'],
    ['currency', 'EURO', 'currency'],
    ['latitude', 91, 'latitude'],
    ['longitude', -180.5, 'longitude'],
    ['alias', 'ü'.repeat(17), 'aliasBytes'],
    ['contactPhone', 'call me', 'phone'],
    ['ownerAccount', 'not-an-account', 'email'],
    ['totalInvestment', -1, 'nonNegative'],
    ['generationOffsetKwh', -5, 'nonNegative'],
  ])('refuses %s = %j with %s', (field, value, rule) => {
    expect(problems({ ...valid, [field]: value })[field]).toBe(rule);
  });

  it('names a missing field as required', () => {
    const { name: _omit, ...rest } = valid;
    expect(problems(rest).name).toBe('required');
  });

  it('accepts names of 5 and 32 characters, counting Chinese characters one each', () => {
    expect(plantNameProblem('abcde')).toBeNull();
    expect(plantNameProblem('x'.repeat(32))).toBeNull();
    expect(plantNameProblem('阳光电站五号')).toBeNull();
    expect(plantNameProblem('阳光电站')).toBe('plantName');
  });

  it('refuses gateways with special characters and the same gateway twice', () => {
    expect(problems({ ...valid, gateways: [{ sn: 'GW-1', key: 'AB12' }] })['gateways.0.sn']).toBe(
      'noSpecialCharacters',
    );
    expect(problems({ ...valid, gateways: [{ sn: 'GW1', key: 'AB 12' }] })['gateways.0.key']).toBe(
      'noSpecialCharacters',
    );
    expect(
      problems({
        ...valid,
        gateways: [
          { sn: 'GW1', key: 'A' },
          { sn: 'gw1', key: 'B' },
        ],
      })['gateways.1.sn'],
    ).toBe('gatewayRepeat');
    expect(isPlainIdentifier('GW2026A')).toBe(true);
  });
});

describe('valuation', () => {
  const v = (over: object) => valuationSchema.safeParse({ method: 'constant', buyPrice: 0.3, sellPrice: 0.1, ...over });
  const rules = (over: object) => {
    const r = v(over);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('constant prices: 0–9999 with at most 2 decimals', () => {
    expect(v({ buyPrice: 9999, sellPrice: 0 }).success).toBe(true);
    expect(v({ buyPrice: 0.29 }).success).toBe(true);
    expect(rules({ buyPrice: 0.295 }).buyPrice).toBe('priceDecimals2');
    expect(rules({ sellPrice: 10_000 }).sellPrice).toBe('priceRange');
    expect(rules({ sellPrice: -0.01 }).sellPrice).toBe('priceRange');
  });

  it('VAT is a percentage and fees take 4 decimals', () => {
    expect(v({ buyVat: 19, sellVat: 7.5, buyFee: 0.0125 }).success).toBe(true);
    expect(rules({ buyVat: 101 }).buyVat).toBe('percentRange');
    expect(rules({ buyFee: 0.00001 }).buyFee).toBe('priceDecimals4');
  });

  it('time-of-use segments are checked only for the tou method, with 4 decimals', () => {
    expect(v({ segments: [seg('01:00', '02:00')] }).success).toBe(true);
    const ok = [seg('00:00', '08:00', 0.1234), seg('08:00', '20:00', 0.4), seg('20:00', '24:00', 0.2)];
    expect(v({ method: 'tou', segments: ok }).success).toBe(true);
    expect(rules({ method: 'tou', segments: [seg('00:00', '24:00', 0.12345)] })['segments.0.buy']).toBe(
      'priceDecimals4',
    );
  });
});

describe('touSegmentProblems', () => {
  const only = (s: TouSegment[]) => touSegmentProblems(s).map((p) => `${p.index}.${p.field}:${p.rule}`);

  it('accepts up to 6 segments with gaps, in any order, the last ending at 24:00', () => {
    expect(only([seg('18:00', '24:00'), seg('06:00', '09:00')])).toEqual([]);
    const six = ['00', '04', '08', '12', '16', '20'].map((h, i, all) =>
      seg(`${h}:00`, i === all.length - 1 ? '24:00' : `${all[i + 1]}:00`),
    );
    expect(only(six)).toEqual([]);
  });

  it('refuses none or more than 6 segments', () => {
    expect(only([])).toEqual(['null.segments:touCount']);
    const seven = Array.from({ length: 7 }, (_, i) =>
      seg(`${String(i).padStart(2, '0')}:00`, i === 6 ? '24:00' : `${String(i + 1).padStart(2, '0')}:00`),
    );
    expect(only(seven)).toEqual(['null.segments:touCount']);
  });

  it('refuses a last segment that does not end at 24:00', () => {
    expect(only([seg('00:00', '12:00'), seg('12:00', '23:59')])).toEqual(['1.end:touLastEnd']);
  });

  it('refuses an end earlier than or equal to its start', () => {
    expect(only([seg('10:00', '08:00'), seg('12:00', '24:00')])).toEqual(['0.end:touEndBeforeStart']);
    expect(only([seg('10:00', '10:00'), seg('12:00', '24:00')])).toEqual(['0.end:touEndBeforeStart']);
  });

  it('refuses overlapping and repeated segments, naming the later one', () => {
    expect(only([seg('00:00', '12:00'), seg('11:00', '24:00')])).toEqual(['1.start:touOverlap']);
    expect(only([seg('00:00', '24:00'), seg('00:00', '24:00')])).toEqual(['1.start:touRepeat']);
  });

  it('refuses times that are not HH:mm within the day', () => {
    expect(only([seg('7:00', '24:00')])).toEqual(['0.start:touTime']);
    expect(only([seg('00:00', '24:30')])).toEqual(['0.end:touTime']);
    expect(only([seg('24:00', '24:00')])).toEqual(['0.start:touTime']);
    expect(only([seg('00:00', '25:00')])).toEqual(['0.end:touTime']);
  });

  it('refuses prices out of range or with more than 4 decimals', () => {
    expect(only([seg('00:00', '24:00', 10_000, 0.00001)])).toEqual(['0.buy:priceRange', '0.sell:priceDecimals4']);
  });
});

describe('single rules', () => {
  it('prices', () => {
    expect(priceProblem(0.1 + 0.2, 2)).toBeNull();
    expect(priceProblem(1.005, 2)).toBe('priceDecimals2');
    expect(priceProblem(1.0005, 4)).toBeNull();
  });
  it('time zones and dates', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Europe/Atlantis')).toBe(false);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
  });
  it('pictures by their first bytes', () => {
    expect(pictureTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(pictureTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(pictureTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
  it('every rule key used has a message in every language', () => {
    const used = ['plantName', 'capacityRange', 'touOverlap', 'touRepeat', 'touLastEnd', 'noSpecialCharacters'];
    for (const lang of Object.values(MESSAGES)) for (const k of used) expect(lang.fields).toHaveProperty(k);
  });
});
