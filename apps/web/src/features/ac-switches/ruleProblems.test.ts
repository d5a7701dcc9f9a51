import { connPasswordSchema, serverAddressSchema, socRuleSchema, switchLimitsSchema } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { ruleProblems } from './ruleProblems';

const phase = { maxCurrentA: 32, overVoltageV: 264, underVoltageV: 184 };

describe('form rules shared with the server', () => {
  it('accepts sound per-phase limits', () => {
    expect(ruleProblems(switchLimitsSchema, { phases: [phase, phase, phase], leakageMa: 30 })).toEqual([]);
  });
  it('names the phase whose over-voltage is not above its under-voltage, and a leakage limit too high', () => {
    expect(
      ruleProblems(switchLimitsSchema, {
        phases: [phase, { ...phase, overVoltageV: 180 }],
        leakageMa: 301,
      }),
    ).toEqual([
      { name: ['phases', 1, 'overVoltageV'], rule: 'invalid' },
      { name: ['leakageMa'], rule: 'invalid' },
    ]);
  });
  it('wants the on SOC above the off SOC and a battery when the rule is on', () => {
    expect(ruleProblems(socRuleSchema, { enabled: true, batterySn: '', onAtSoc: 20, offAtSoc: 20 })).toEqual([
      { name: ['onAtSoc'], rule: 'invalid' },
      { name: ['batterySn'], rule: 'required' },
    ]);
    expect(ruleProblems(socRuleSchema, { enabled: false, batterySn: '', onAtSoc: 80, offAtSoc: 20 })).toEqual([]);
  });
  it('refuses a host with special characters and a port out of range', () => {
    expect(ruleProblems(serverAddressSchema, { host: 'mqtt://x', port: 70000 })).toEqual([
      { name: ['host'], rule: 'noSpecialCharacters' },
      { name: ['port'], rule: 'invalid' },
    ]);
  });
  it('refuses a weak connection password', () => {
    expect(ruleProblems(connPasswordSchema, 'short')).toEqual([{ name: [], rule: 'invalid' }]);
    expect(ruleProblems(connPasswordSchema, 'Sunrise2026ok')).toEqual([]);
  });
});
