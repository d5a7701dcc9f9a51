import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { MigrationTable } from '@heliograph/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { accountMigration, appUser, role } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { SamplePartitions } from '../telemetry/partitions.js';
import { countOwned, fromWire, ownedBy, refreshSet, specOf } from './tables.js';

type Row = Record<string, unknown>;

/**
 * The target region's side of a migration: batches of rows arrive table by table and are inserted as they
 * are, ids included, each row at most once — a row already here (a retry after a cut connection, a batch
 * sent twice) is left alone, so importing is idempotent. The account arrives disabled and is let in only
 * when the source says it is complete and gone there (finish).
 */
export class Importer {
  private readonly partitions: SamplePartitions;

  constructor(private readonly db: Db) {
    this.partitions = new SamplePartitions(db);
  }

  async batch(table: MigrationTable, wire: Row[]): Promise<{ received: number; inserted: number }> {
    const spec = specOf(table);
    let rows = wire.map((r) => fromWire(spec, r));
    if (table === 'app_user') rows = await this.account(wire, rows);
    if (table === 'plant_share') rows = await this.knownRecipients(rows);
    if (table === 'device_sample') {
      await this.partitions.ensure(rows.map((r) => (r.ts instanceof Date ? r.ts.getTime() : 0)));
    }
    if (rows.length === 0) return { received: wire.length, inserted: 0 };
    const inserted = await this.db.transaction(async (tx) => {
      // Each table's rows as the table's insert takes them: the wire shape was checked column by column.
      // A row that changes in place (a day's total, a device's state) takes the source's newer copy.
      const refresh = refreshSet(spec);
      const insert = tx.insert(spec.table).values(rows as never);
      const done = refresh
        ? await insert.onConflictDoUpdate(refresh).returning()
        : await insert.onConflictDoNothing().returning();
      return done.length;
    });
    return { received: wire.length, inserted };
  }

  /** The account row: its role is this deployment's built-in role of the same key; it waits disabled. */
  private async account(wire: Row[], rows: Row[]): Promise<Row[]> {
    const out: Row[] = [];
    for (const [i, row] of rows.entries()) {
      const key = String(wire[i]?.roleKey ?? '');
      const [r] = await this.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.key, key), isNull(role.companyId)));
      if (!r) throw new AppError('migrationFailed');
      const [same] = await this.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(eq(appUser.account, String(row.account)));
      // The same account name here as someone else: refused, nothing of either is touched.
      if (same && same.id !== row.id) throw new AppError('accountExists');
      out.push({ ...row, roleId: r.id, companyId: null, disabled: true });
    }
    return out;
  }

  /** A share to an account that does not exist here cannot move (that account stays in the other region). */
  private async knownRecipients(rows: Row[]): Promise<Row[]> {
    const ids = [...new Set(rows.map((r) => String(r.userId)))];
    if (ids.length === 0) return rows;
    const known = new Set(
      (await this.db.select({ id: appUser.id }).from(appUser).where(inArray(appUser.id, ids))).map((u) => u.id),
    );
    return rows.filter((r) => known.has(String(r.userId)));
  }

  async count(userId: string): Promise<Record<string, number>> {
    if (!z.uuid().safeParse(userId).success) throw new AppError('notFound');
    return countOwned(this.db, await ownedBy(this.db, userId));
  }

  /**
   * The account is complete: it may sign in here from now on, and its status here says where it came from
   * (the shell's notice). Idempotent like the batches.
   */
  async finish(userId: string, migrationId: string, fromRegion: string, toRegion: string): Promise<void> {
    if (!z.uuid().safeParse(userId).success || !z.uuid().safeParse(migrationId).success) {
      throw new AppError('notFound');
    }
    const [u] = await this.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, userId));
    if (!u) throw new AppError('notFound');
    await this.db.transaction(async (tx) => {
      await tx.update(appUser).set({ disabled: false, updatedAt: new Date() }).where(eq(appUser.id, userId));
      await tx
        .insert(accountMigration)
        .values({ id: migrationId, userId, fromRegion, toRegion, status: 'migrated' })
        .onConflictDoNothing();
    });
  }
}
