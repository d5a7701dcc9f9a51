import { LIMITS, selectableParams, type DeviceKind, type OfferedParam } from '@heliograph/shared';
import { ValidationError } from '../../http/errors.js';

/**
 * The chosen parameters (the defaults when none), each one offered: the kind's built-in list, or `offered`
 * (a bound device's realtime columns, whose first six are then the defaults).
 */
export function checkParams(
  list: string[] | undefined,
  kind: DeviceKind,
  defaults?: string[],
  offered: readonly OfferedParam[] = selectableParams(kind),
): string[] {
  const allowed = new Set(offered.map((p) => p.key));
  const chosen = list ?? defaults ?? offered.slice(0, LIMITS.chartCustomParams).map((p) => p.key);
  if (chosen.some((p) => !allowed.has(p))) throw new ValidationError([{ field: 'params', rule: 'invalid' }]);
  return chosen;
}
