import { LIMITS, selectableParams } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { flatten, loadTree } from '../../i18n/testCatalogue';
import { keptChoice, paramTextKey, sameChoice, shownUnit, unitGroups } from './customParams';

const line = (key: string, unit: string) => ({ key, unit });

describe('custom chart parameters', () => {
  it('names own metrics by key and numbered ones by pattern', () => {
    expect(paramTextKey('p_ac')).toEqual({ key: 'deviceCommon.param.p_ac' });
    expect(paramTextKey('mppt2_v')).toEqual({ key: 'deviceCommon.param.mppt_v', n: 2 });
    expect(paramTextKey('ph3_i')).toEqual({ key: 'deviceCommon.param.ph_i', n: 3 });
    expect(paramTextKey('cell12_v')).toEqual({ key: 'deviceCommon.param.cell_v', n: 12 });
  });

  it('has a name in the catalogue for every parameter a chart offers', () => {
    const en = flatten(loadTree('en'));
    for (const kind of ['inverter', 'battery', 'meter'] as const) {
      const missing = selectableParams(kind, LIMITS.chartSelectableParams)
        .map((p) => paramTextKey(p.key).key)
        .filter((k) => !en.has(k));
      expect(missing, kind).toEqual([]);
    }
  });

  it('keeps only offered parameters of a saved choice, once each, at most six', () => {
    const offered = selectableParams('inverter');
    expect(keptChoice(['freq', 'gone', 'p_ac', 'freq'], offered)).toEqual(['freq', 'p_ac']);
    const many = offered.slice(0, 9).map((p) => p.key);
    expect(keptChoice(many, offered)).toEqual(many.slice(0, LIMITS.chartCustomParams));
  });

  it('keeps a unit left to right inside right-to-left text, and no unit stays empty', () => {
    expect(shownUnit('°C')).toBe('\u200e°C');
    expect(shownUnit('')).toBe('');
  });

  it('compares choices in order', () => {
    expect(sameChoice(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameChoice(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameChoice(['a'], ['a', 'b'])).toBe(false);
  });

  it('groups lines into charts of at most two units, in the order units first appear', () => {
    expect(unitGroups([])).toEqual([]);
    const two = [line('p_ac', 'W'), line('soc', '%'), line('p_pv', 'W')];
    expect(unitGroups(two)).toEqual([two]);
    const four = [
      line('p_ac', 'W'),
      line('e_pv_total', 'kWh'),
      line('freq', 'Hz'),
      line('p_pv', 'W'),
      line('temp', '°C'),
      line('state', ''),
    ];
    expect(unitGroups(four).map((g) => g.map((l) => l.key))).toEqual([
      ['p_ac', 'e_pv_total', 'p_pv'],
      ['freq', 'temp'],
      ['state'],
    ]);
    for (const g of unitGroups(four)) expect(new Set(g.map((l) => l.unit)).size).toBeLessThanOrEqual(2);
  });
});
