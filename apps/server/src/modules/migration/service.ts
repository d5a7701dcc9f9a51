import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Migration, MigrationState, MigrationStatus } from '@heliograph/shared';
import type { MigrationConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accountMigration, appUser, plant } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';

/** Accounts that are a person's own: they move with their plants. Everything else belongs to a company. */
const PERSONAL_ROLES = new Set(['plant_owner', 'visitor']);
/** The platform's own accounts exist in every region: they do not move. */
const PLATFORM_ROLES = new Set(['platform_admin', 'internal_employee']);

type Row = typeof accountMigration.$inferSelect;

function shape(r: Row): Migration {
  return {
    id: r.id,
    status: r.status as MigrationState,
    fromRegion: r.fromRegion,
    toRegion: r.toRegion,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The user's newest migration; with `fromRegion`, the newest that leaves that region (not one that arrived). */
export async function latestMigration(db: Db, userId: string, fromRegion?: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(accountMigration)
    .where(
      and(eq(accountMigration.userId, userId), fromRegion ? eq(accountMigration.fromRegion, fromRegion) : undefined),
    )
    .orderBy(desc(accountMigration.createdAt))
    .limit(1);
  return row;
}

export async function migrationStatus(
  db: Db,
  config: MigrationConfig | undefined,
  auth: Pick<AuthContext, 'userId' | 'role'>,
): Promise<MigrationStatus> {
  const row = await latestMigration(db, auth.userId);
  return {
    enabled: config !== undefined,
    region: config?.region ?? null,
    peers: Object.entries(config?.peers ?? {}).map(([region, url]) => ({ region, url })),
    migration: row ? shape(row) : null,
    refusal: await whyNot(db, auth),
  };
}

/** Why this account cannot move whatever its state and the region (1306, 1305), or null when it can. */
async function whyNot(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'role'>,
): Promise<'migrationUnsupported' | 'migrationNotAllowed' | null> {
  if (PLATFORM_ROLES.has(auth.role)) return 'migrationUnsupported';
  const [user] = await db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.id, auth.userId));
  if (!user || user.companyId !== null || !PERSONAL_ROLES.has(auth.role)) return 'migrationNotAllowed';
  const [companyPlant] = await db
    .select({ id: plant.id })
    .from(plant)
    .where(and(eq(plant.ownerId, auth.userId), isNotNull(plant.companyId)))
    .limit(1);
  return companyPlant ? 'migrationNotAllowed' : null;
}

/**
 * A user asks to move their account to another region (spec §4, §8). Who may: a person's own account (a plant
 * owner or a visitor of no company), which moves with the plants it owns; a company's accounts (staff,
 * administrators, customers, installers) and an account owning a company's plant cannot move alone (1305);
 * the platform's own accounts not at all (1306). Checked in this order, then the account's state (1301, 1302,
 * 1303), then the region (1307). Nothing is saved when refused.
 */
export async function requestMigration(
  db: Db,
  config: MigrationConfig | undefined,
  auth: AuthContext,
  ip: string,
  region: string,
): Promise<void> {
  const refusal = await whyNot(db, auth);
  if (refusal) throw new AppError(refusal);
  const [user] = await db.select({ migratedTo: appUser.migratedTo }).from(appUser).where(eq(appUser.id, auth.userId));
  if (user?.migratedTo) throw new AppError('accountMigrated');
  const last = config ? await latestMigration(db, auth.userId, config.region) : undefined;
  if (last?.status === 'in_progress') throw new AppError('accountMigrating');
  if (last?.status === 'migrated') throw new AppError('accountMigrated');
  if (last?.status === 'submitted') throw new AppError('migrationRepeated');
  if (!config || region === config.region || !Object.hasOwn(config.peers, region)) throw new AppError('regionUnknown');
  await db.transaction(async (tx) => {
    // Two requests racing: the second finds the first (the row lock on the account serialises them).
    await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, auth.userId)).for('update');
    const [open] = await tx
      .select({ id: accountMigration.id })
      .from(accountMigration)
      .where(
        and(
          eq(accountMigration.userId, auth.userId),
          eq(accountMigration.fromRegion, config.region),
          ne(accountMigration.status, 'failed'),
          ne(accountMigration.status, 'migrated'),
        ),
      );
    if (open) throw new AppError('migrationRepeated');
    const [row] = await tx
      .insert(accountMigration)
      .values({ userId: auth.userId, fromRegion: config.region, toRegion: region })
      .returning({ id: accountMigration.id });
    await recordAudit(tx, auth, ip, {
      action: 'migration.request',
      targetKind: 'migration',
      targetId: row?.id ?? '',
      newValue: { from: config.region, to: region },
    });
  });
}
