import { sql } from 'drizzle-orm';
import {
  columnDescription,
  LIMITS,
  selectableParams,
  type DeviceKind,
  type Lang,
  type OfferedParam,
} from '@heliograph/shared';
import { findDevice } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/context.js';
import { boundConfig, REALTIME_CONFIG } from '../inverters/protocol-form.js';
import { columnsOf } from '../protocols/store.js';

/** Data types a chart can draw: numbers (strings and bitfields have no line). */
const CHARTABLE = new Set(['u16', 's16', 'u32', 's32', 'u64', 's64', 'f32', 'f64']);

/** What a chart of one device (or of a kind, without a device) offers, and where the caller's choice is kept. */
export interface ChartOffer {
  params: OfferedParam[];
  /**
   * The `chart_params.kind` the choice is kept under: the device kind, or for a device bound to a protocol
   * `<kind>:<protocol code>` — a choice of one vendor map's columns is kept for every device bound to it,
   * and does not replace the kind's built-in choice.
   */
  slot: string;
}

/**
 * The realtime columns of the protocol a device's `protocol` names (newest version of its `realtime` config),
 * as chart parameters: key = column name, label = its description in `lang`, unit; numbers only, at most
 * LIMITS.chartSelectableParams. Null when the device is not bound or its protocol has no such columns.
 */
export async function realtimeParams(
  db: Db,
  deviceProtocol: string,
  lang: Lang,
): Promise<{ params: OfferedParam[]; code: string } | null> {
  const bound = await boundConfig(db, deviceProtocol, REALTIME_CONFIG);
  if (!bound) return null;
  const params: OfferedParam[] = [];
  for (const c of await columnsOf(db, bound.configId)) {
    if (!CHARTABLE.has(c.dataType) || params.some((p) => p.key === c.name)) continue;
    const label = columnDescription(c.descriptions, lang);
    params.push({ key: c.name, unit: c.unit, ...(label ? { label } : {}) });
    if (params.length >= LIMITS.chartSelectableParams) break;
  }
  return params.length > 0 ? { params, code: bound.code } : null;
}

/**
 * The chart offer of a kind, or of the device `sn` of that kind the caller may see (its kind's own
 * "does not exist" otherwise, e.g. for another company's device).
 */
export async function chartOffer(
  db: Db,
  auth: AuthContext,
  kind: DeviceKind,
  sn: string | undefined,
  lang: Lang,
): Promise<ChartOffer> {
  const builtin: ChartOffer = { params: selectableParams(kind, LIMITS.chartSelectableParams), slot: kind };
  if (sn === undefined) return builtin;
  const device = await findDevice<{ protocol: string }>(db, auth, sn, { kind, select: sql`d.protocol` });
  const bound = await realtimeParams(db, device.protocol, lang);
  return bound ? { params: bound.params, slot: `${kind}:${bound.code.toLowerCase()}` } : builtin;
}
