import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RolloutRow } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, upgrade, upgradeRollout } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { rolloutRowFrom } from './rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose rollouts a caller sees: a platform administrator every one; anyone else those of their own company
 * (a rollout is the company's that started it). Another company's is answered "does not exist".
 */
function rolloutScope(auth: AuthContext): SQL {
  if (auth.role === 'platform_admin') return sql`true`;
  return auth.companyId ? sql`${upgradeRollout.companyId} = ${auth.companyId}` : sql`false`;
}

const count = (where: SQL) =>
  sql<number>`(select count(*) from upgrade u where u.rollout_id = ${upgradeRollout.id} and ${where})`.mapWith(Number);

const columns = {
  r: upgradeRollout,
  operator: appUser.account,
  devices: count(sql`true`),
  succeeded: count(sql`u.state = 'succeeded'`),
  failed: count(sql`u.state = 'failed'`),
  pending: count(sql`u.state in ('waiting', 'queued')`),
  toVersion: sql<string>`coalesce((select u.to_version from upgrade u where u.rollout_id = ${upgradeRollout.id} limit 1), '')`,
};

async function rolloutRows(db: Db, where: SQL | undefined, page = 1, size = 100): Promise<RolloutRow[]> {
  const rows = await db
    .select(columns)
    .from(upgradeRollout)
    .leftJoin(appUser, eq(appUser.id, upgradeRollout.createdBy))
    .where(where)
    .orderBy(desc(upgradeRollout.createdAt), desc(upgradeRollout.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((x) => rolloutRowFrom(x.r, x, x.operator));
}

/** One rollout the caller may see; otherwise "does not exist". */
export async function rolloutById(db: Db, auth: AuthContext, id: string): Promise<RolloutRow> {
  if (!UUID.test(id)) throw new AppError('notFound');
  const [row] = await rolloutRows(db, and(eq(upgradeRollout.id, id), rolloutScope(auth)), 1, 1);
  if (!row) throw new AppError('notFound');
  return row;
}

/** GET /upgrade/rollouts: the caller's company's rollouts, newest first. */
export async function listRollouts(
  db: Db,
  auth: AuthContext,
  q: { page: number; size: number },
): Promise<{ total: number; rows: RolloutRow[] }> {
  const scope = rolloutScope(auth);
  const rows = await rolloutRows(db, scope, q.page, q.size);
  const [n] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(upgradeRollout)
    .where(scope);
  return { total: n?.n ?? 0, rows };
}

/**
 * A halted rollout goes on with its next wave (the operator judged the failures); on its last wave, it is done.
 * Anything but halted is answered as it stands.
 */
export async function resumeRollout(db: Db, id: string, now: number): Promise<void> {
  const at = new Date(now);
  await db
    .update(upgradeRollout)
    .set({
      state: sql`case when ${upgradeRollout.wave} >= ${upgradeRollout.waves} then 'done' else 'running' end`,
      wave: sql`least(${upgradeRollout.wave} + 1, ${upgradeRollout.waves})`,
      updatedAt: at,
    })
    .where(and(eq(upgradeRollout.id, id), eq(upgradeRollout.state, 'halted')));
}

/** Stops a rollout: what was not sent yet is cancelled; what runs finishes. */
export async function abortRollout(db: Db, id: string, now: number): Promise<void> {
  const at = new Date(now);
  await db.transaction(async (tx) => {
    const [r] = await tx
      .update(upgradeRollout)
      .set({ state: 'aborted', updatedAt: at })
      .where(and(eq(upgradeRollout.id, id), inArray(upgradeRollout.state, ['running', 'halted'])))
      .returning({ id: upgradeRollout.id });
    if (!r) return;
    await tx
      .update(upgrade)
      .set({ state: 'cancelled', finishedAt: at })
      .where(and(eq(upgrade.rolloutId, id), inArray(upgrade.state, ['waiting', 'queued'])));
  });
}
