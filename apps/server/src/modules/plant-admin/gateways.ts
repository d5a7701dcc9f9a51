import { sql } from 'drizzle-orm';
import type { CheckedDevice, CheckedGateway as GatewayAnswer } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';

export interface GatewayCandidate {
  id: string;
  sn: string;
  company_id: string | null;
  plant_id: string | null;
  registration_key: string;
  customer_id: string | null;
  locked: boolean;
}

/** A gateway that passed the check: what the answer shows, and what binding it needs besides. */
export interface CheckedGateway extends GatewayAnswer {
  id: string;
  customerId: string | null;
}

/** Wrong registration keys one account may give in a window before being told to wait. */
export const WRONG_KEYS_ALLOWED = 20;
const WRONG_KEY_WINDOW_MS = 15 * 60_000;

/**
 * Wrong keys per account, on this instance: the key is what stands between a serial number printed on a
 * box and someone else's plant, so it must not be guessed at request speed. In memory on purpose — a
 * restart forgiving a clumsy installer is fine, and several instances only multiply a small allowance.
 */
const wrongKeys = new Map<string, number[]>();

function recentWrongKeys(userId: string, now = Date.now()): number[] {
  const recent = (wrongKeys.get(userId) ?? []).filter((at) => now - at < WRONG_KEY_WINDOW_MS);
  if (recent.length > 0) wrongKeys.set(userId, recent);
  else wrongKeys.delete(userId);
  return recent;
}

/**
 * Whether a gateway may be bound by this caller (POST /gateways/check, and before every bind), in the
 * order that gives nothing away to someone without the key:
 * - 305 when no such serial number exists, or it belongs to another company (its stock is not ours);
 * - 300 when the registration key is wrong;
 * - 301 when it is already bound to a plant (also one of ours: unbind it there first);
 * - 1218 when it is locked: the broker refuses a locked gateway, so a plant would never hear from it (the
 *   supplier who locked it has to release it first);
 * - 1216 when it is assigned to a customer other than the plant's owner, unless `confirm` is set.
 * Serial numbers and keys compare without case: labels are printed in capitals, people type either.
 */
export async function checkGateway(
  db: Db,
  auth: AuthContext,
  input: { sn: string; key: string; confirm?: boolean | undefined; ownerId?: string | null; companyId?: string | null },
): Promise<CheckedGateway> {
  if (recentWrongKeys(auth.userId).length >= WRONG_KEYS_ALLOWED) throw new AppError('tooManyRequests');
  const [gw] = await query<GatewayCandidate>(
    db,
    sql`select id, sn, company_id, plant_id, registration_key, customer_id, locked from gateway where upper(sn) = upper(${input.sn})`,
  );
  const company = input.companyId === undefined ? auth.companyId : input.companyId;
  const ours = gw && (gw.company_id === null || auth.role === 'platform_admin' || gw.company_id === company);
  if (!gw || !ours) throw new AppError('gatewayNotFound', { data: { sn: input.sn } });
  if (gw.registration_key.toUpperCase() !== input.key.toUpperCase()) {
    wrongKeys.set(auth.userId, [...recentWrongKeys(auth.userId), Date.now()]);
    throw new AppError('gatewayKeyIncorrect', { data: { sn: input.sn } });
  }
  if (gw.plant_id !== null) throw new AppError('gatewayUsed', { data: { sn: gw.sn } });
  if (gw.locked) throw new AppError('gatewayUnusable', { data: { sn: gw.sn } });
  const owner = input.ownerId ?? null;
  if (gw.customer_id !== null && gw.customer_id !== owner && !input.confirm) {
    throw new AppError('gatewayOtherCustomer', { data: { sn: gw.sn, confirm: true } });
  }
  const devices = await query<CheckedDevice>(
    db,
    sql`select sn, kind, model from device where gateway_id = ${gw.id} and deleted_at is null order by kind, sn`,
  );
  return { id: gw.id, sn: gw.sn, customerId: gw.customer_id, devices };
}
