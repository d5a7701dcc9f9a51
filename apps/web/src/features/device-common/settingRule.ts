import { settingProblem, type SettingField } from '@heliograph/shared';
import type { TFunction } from 'i18next';

/**
 * The form rule of one inverter setting (the settings form and the configuration templates): an empty field
 * is left as it is on the device; anything else must be what the field takes, or says why not.
 */
export function settingRule(t: TFunction, f: SettingField) {
  return {
    validator: (_r: unknown, v: unknown) => {
      if (v === undefined || v === null || v === '') return Promise.resolve();
      const problem = settingProblem(f, v);
      if (!problem) return Promise.resolve();
      const params = f.type === 'number' ? { min: f.min, max: f.max, decimals: f.decimals } : {};
      return Promise.reject(new Error(t(`inverters.settingProblem.${problem}`, params)));
    },
  };
}
