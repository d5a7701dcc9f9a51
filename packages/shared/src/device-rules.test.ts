import { describe, expect, it } from 'vitest';
import {
  connPasswordProblem,
  importRowProblems,
  serialProblem,
  socRuleSchema,
  switchThresholdProblem,
  timingTaskSchema,
} from './device-rules.js';

describe('device rules', () => {
  it('accepts letters and digits in serial numbers and refuses special characters', () => {
    expect(serialProblem('GW12345678')).toBeNull();
    expect(serialProblem('GW-1234')).toBe('noSpecialCharacters');
    expect(serialProblem('  ')).toBe('required');
  });
  it('wants 8–24 characters with a capital, a lower-case letter and a digit in a connection password', () => {
    expect(connPasswordProblem('Abcdef12')).toBeNull();
    expect(connPasswordProblem('abcdef12')).toBe('invalid');
    expect(connPasswordProblem('Abc12')).toBe('invalid');
    expect(connPasswordProblem('Abcdef12Abcdef12Abcdef125')).toBe('invalid');
  });
  it('wants the open value above the closed value, both positive integers', () => {
    expect(switchThresholdProblem(80, 20)).toBeNull();
    expect(switchThresholdProblem(20, 20)).toBe('invalid');
    expect(switchThresholdProblem(2.5, 1)).toBe('invalid');
    expect(socRuleSchema.safeParse({ enabled: true, batterySn: 'B1', onAtSoc: 30, offAtSoc: 60 }).success).toBe(false);
  });
  it('checks timing tasks', () => {
    expect(timingTaskSchema.safeParse({ repeat: true, action: 'on', days: [1, 2], time: '07:30' }).success).toBe(true);
    expect(timingTaskSchema.safeParse({ repeat: true, action: 'on', days: [], time: '07:30' }).success).toBe(false);
    expect(
      timingTaskSchema.safeParse({ repeat: false, action: 'off', date: '2026-01-01', time: '24:00' }).success,
    ).toBe(false);
  });
  it('lists every problem of an import row', () => {
    expect(importRowProblems({ sn: 'GW#1', registrationKey: '', password: 'short' })).toEqual([
      'snCharacters',
      'keyMissing',
      'passwordRule',
    ]);
  });
});
