import { LIMITS, selectableParams, type DeviceKind } from '@heliograph/shared';
import { ValidationError } from '../../http/errors.js';

/** The chosen parameters (the kind's defaults when none), each one the kind may chart. */
export function checkParams(list: string[] | undefined, kind: DeviceKind, defaults?: string[]): string[] {
  const allowed = new Set(selectableParams(kind).map((p) => p.key));
  const chosen =
    list ??
    defaults ??
    selectableParams(kind)
      .slice(0, LIMITS.chartCustomParams)
      .map((p) => p.key);
  if (chosen.some((p) => !allowed.has(p))) throw new ValidationError([{ field: 'params', rule: 'invalid' }]);
  return chosen;
}
