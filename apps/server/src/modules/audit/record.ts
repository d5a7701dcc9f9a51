import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';

/**
 * What an administrative change is, as a stable key the audit page translates: `role.create`,
 * `role.update`, `role.delete`, `member.create`, `member.update`, `member.disable`, `member.enable`,
 * `member.unbind`, `member.mfaReset`, `member.mfaRequire`, `customer.*`, `customerType.*`, `agent.appoint`,
 * `agent.revoke`, `company.*`, `manual.*`, `migration.*`, `version.publish`, `version.delete`,
 * `deviceProfile.*`, `protocol.*`, `bulletin.*`, `maintenance.*`, `display.*` (create, update, delete, link,
 * linkRevoke, logo, logoDelete), `embed.create`, `embed.revoke`, `camera.*` and `storageSpace.*` (create,
 * update, delete; issue 18).
 */
export type AuditAction = `${
  | 'role'
  | 'member'
  | 'customer'
  | 'customerType'
  | 'agent'
  | 'company'
  | 'manual'
  | 'migration'
  | 'mfa'
  | 'version'
  | 'deviceProfile'
  | 'protocol'
  | 'bulletin'
  | 'maintenance'
  | 'display'
  | 'embed'
  | 'camera'
  | 'storageSpace'}.${string}`;

export interface AuditEntry {
  action: AuditAction;
  /**
   * The kind of thing changed (role, user, customer, customer_type, company, agent, manual, migration, version,
   * device_profile, protocol, bulletin, maintenance_notice, display, plant, camera, storage_space).
   */
  targetKind: string;
  targetId: string;
  oldValue?: unknown;
  newValue?: unknown;
  /** The company whose log shows it; the caller's by default (a platform administrator's change names it). */
  companyId?: string | null;
}

/**
 * Every administrative change lands in the audit log (issue 12 point 11): who, what, the old and the new
 * value, and the address. Call it in the same transaction as the change, so neither is kept without the
 * other. Secrets (passwords, TOTP secrets, recovery codes) never go in: pass what a reader may see.
 */
export async function recordAudit(
  db: Pick<Db, 'insert'>,
  auth: Pick<AuthContext, 'userId' | 'companyId'>,
  ip: string,
  e: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    companyId: e.companyId === undefined ? auth.companyId : e.companyId,
    actorId: auth.userId,
    action: e.action,
    targetKind: e.targetKind,
    targetId: e.targetId,
    oldValue: e.oldValue ?? null,
    newValue: e.newValue ?? null,
    ip,
  });
}
