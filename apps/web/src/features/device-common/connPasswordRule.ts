import { connPasswordProblem } from '@heliograph/shared';
import type { TFunction } from 'i18next';

/** The form rule of a device's connection password (spec §9), with the switch catalogue's words. */
export const connPasswordRule = (t: TFunction) => ({
  validator: async (_: unknown, v: string | undefined) => {
    const p = connPasswordProblem(v ?? '');
    if (p) throw new Error(t(p === 'required' ? 'acSwitches.rule.required' : 'acSwitches.connPassword.weak'));
  },
});
