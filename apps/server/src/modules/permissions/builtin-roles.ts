import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { BUILTIN_ROLES, ROLE_PERMISSIONS, roleName, type BuiltinRole } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { role, rolePermission } from '../../db/schema.js';

/**
 * Makes the built-in roles and their permissions match packages/shared, at every start: a permission key
 * added in code reaches existing installations without a data migration. Returns each role's id.
 */
export async function syncBuiltinRoles(db: Db): Promise<Record<BuiltinRole, string>> {
  const ids = {} as Record<BuiltinRole, string>;
  for (const key of BUILTIN_ROLES) {
    await db
      .insert(role)
      .values({ key, name: roleName(key, 'en'), builtin: true, companyId: null })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.key, key), isNull(role.companyId)));
    if (!row) throw new Error(`built-in role ${key} missing`);
    ids[key] = row.id;
    const keys = [...ROLE_PERMISSIONS[key]];
    await db
      .delete(rolePermission)
      .where(and(eq(rolePermission.roleId, row.id), notInArray(rolePermission.permission, keys)));
    await db
      .insert(rolePermission)
      .values(keys.map((permission) => ({ roleId: row.id, permission })))
      .onConflictDoNothing();
  }
  return ids;
}
