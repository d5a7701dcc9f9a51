import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../http/context.js';
import { plantScope, plantWriteScope } from '../plants/scope.js';

/**
 * Which gateways a caller may see (or, with `write`, operate), as a SQL condition on the alias `g` (the
 * gateway table). A bound gateway follows its plant's rules; an unbound one is stock of its company, seen
 * by that company's staff only. Devices follow their gateway: join `gateway g on g.id = d.gateway_id`.
 */
export function gatewayScope(auth: AuthContext, opts: { write?: boolean } = {}): SQL {
  const plants = opts.write ? plantWriteScope(auth) : plantScope(auth);
  const viaPlant = sql`exists (select 1 from plant p where p.id = g.plant_id and ${plants})`;
  if (auth.role === 'platform_admin') return sql`true`;
  const companyRole = !['plant_owner', 'visitor', 'maintainer'].includes(auth.role) && auth.companyId;
  if (!companyRole) return viaPlant;
  return sql`(g.company_id = ${auth.companyId} or ${viaPlant})`;
}
