import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../http/context.js';

/**
 * The one rule for which plants a caller may see (DESIGN §4 "Tenancy"), as a SQL condition on the alias
 * `p` (the plant table). Platform administrators see every plant; company staff, agents, customers and
 * installers their company's; a plant owner the plants they own; visitors and maintainers the plants
 * shared to them. Deleted plants are seen by nobody.
 */
export function plantScope(auth: AuthContext): SQL {
  const live = sql`p.deleted_at is null`;
  switch (auth.role) {
    case 'platform_admin':
      return live;
    case 'plant_owner':
      return sql`${live} and (p.owner_id = ${auth.userId} or exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId}))`;
    case 'visitor':
    case 'maintainer':
      return sql`${live} and exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId})`;
    default:
      return auth.companyId ? sql`${live} and p.company_id = ${auth.companyId}` : sql`false`;
  }
}

/**
 * The plants a caller may change or command (a subset of `plantScope`): a guest share and the visitor role
 * are read-only everywhere (spec §6); a maintainer share may operate the plant's devices; an owner their own
 * plants; company roles their company's (their permission keys still decide which actions).
 */
export function plantWriteScope(auth: AuthContext): SQL {
  const live = sql`p.deleted_at is null`;
  const maintained = sql`exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId} and s.level = 'maintainer')`;
  switch (auth.role) {
    case 'platform_admin':
      return live;
    case 'visitor':
      return sql`false`;
    case 'plant_owner':
      return sql`${live} and (p.owner_id = ${auth.userId} or ${maintained})`;
    case 'maintainer':
      return sql`${live} and ${maintained}`;
    default:
      return auth.companyId ? sql`${live} and p.company_id = ${auth.companyId}` : sql`false`;
  }
}
