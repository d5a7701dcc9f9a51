import { settingProblem, type SettingField } from '@heliograph/shared';
import type { TFunction } from 'i18next';
import { ltrText } from '../../components/Quantity';
import { currentLang, isRtl } from '../../i18n';

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
      // Range ends stay left to right inside a Hebrew message ("-40", not "40-").
      const rtl = isRtl(currentLang());
      const params =
        f.type === 'number' ? { min: ltrText(f.min, rtl), max: ltrText(f.max, rtl), decimals: f.decimals } : {};
      return Promise.reject(new Error(t(`inverters.settingProblem.${problem}`, params)));
    },
  };
}
