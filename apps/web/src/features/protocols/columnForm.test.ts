import { describe, expect, it } from 'vitest';
import { formProblems, orderOf, toColumnInput, toFormValues } from './columnForm';

describe('the column form', () => {
  it('turns the byte-order choice into the switch byte and switch register flags and back', () => {
    for (const order of ['ABCD', 'BADC', 'CDAB', 'DCBA'] as const) {
      const input = toColumnInput({ ...toFormValues(null), order });
      expect(orderOf(input)).toBe(order);
    }
    expect(toColumnInput({ ...toFormValues(null), order: 'CDAB' })).toMatchObject({
      byteSwap: false,
      registerSwap: true,
    });
  });

  it('finds what the server would refuse, on the form’s own fields', () => {
    const values = { ...toFormValues(null), name: 'power', startAddress: 'abc', description_en: '' };
    const problems = formProblems(toColumnInput(values), []);
    expect(problems.map((p) => [p.field, p.problem.rule])).toEqual([
      ['startAddress', 'hexAddress'],
      ['description_en', 'required'],
    ]);
    const good = toColumnInput({ ...values, startAddress: '00ff', description_en: 'Power' });
    expect(good.startAddress).toBe('00FF');
    expect(formProblems(good, [])).toEqual([]);
    expect(formProblems(good, [good]).map((p) => p.problem.rule)).toEqual(['columnRepeat']);
  });
});
