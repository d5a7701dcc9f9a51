import { desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  isUpgradeOpen,
  upgradeCancellable,
  upgradeStepRow,
  type FirmwareKind,
  type RolloutRow,
  type RolloutState,
  type UpgradeRow,
  type UpgradeState,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, plant, upgrade, upgradeRollout } from '../../db/schema.js';

/** One `upgrade` row as the database holds it. */
export type UpgradeDbRow = typeof upgrade.$inferSelect;
export type RolloutDbRow = typeof upgradeRollout.$inferSelect;

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

/** The steps column as the device reported them; anything malformed (never written by us) is left out. */
function stepsOf(value: unknown): UpgradeRow['steps'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((s) => {
    const parsed = upgradeStepRow.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The shared UpgradeRow of a database row, its plant's name and the operator's account: the one mapping the
 * device pages, the upgrade calls and the maintenance records (GET /upgrade/records, its export) all use, so a
 * record reads the same wherever it is shown.
 */
export function upgradeRowFrom(r: UpgradeDbRow, plantName: string | null, operator: string | null): UpgradeRow {
  const state = r.state as UpgradeState;
  const kind = r.kind as FirmwareKind;
  const steps = stepsOf(r.steps);
  // Once the device flashes (it reported the outcome of the flash) nothing can stop it any more.
  const flashed = steps.some((s) => s.step === 'upgradeOk' || s.step === 'upgradeFailed');
  return {
    id: r.id,
    sn: r.sn,
    kind,
    model: r.model,
    plant: r.plantId && plantName !== null ? { id: r.plantId, name: plantName } : null,
    firmwareId: r.firmwareId,
    fromVersion: r.fromVersion,
    toVersion: r.toVersion,
    state,
    steps,
    progress: r.progress,
    error: r.error,
    rolloutId: r.rolloutId,
    wave: r.wave,
    operator: operator ?? '',
    createdAt: r.createdAt.getTime(),
    startedAt: ms(r.startedAt),
    finishedAt: ms(r.finishedAt),
    cancellable: isUpgradeOpen(state) && !flashed && upgradeCancellable(kind, r.model),
  };
}

/** Upgrades matching `where` (a condition on the `upgrade` table), newest first, as UpgradeRows. */
export async function upgradeRows(db: Db, where: SQL | undefined, limit = 100): Promise<UpgradeRow[]> {
  const rows = await db
    .select({ u: upgrade, plantName: plant.name, operator: appUser.account })
    .from(upgrade)
    .leftJoin(plant, eq(plant.id, upgrade.plantId))
    .leftJoin(appUser, eq(appUser.id, upgrade.createdBy))
    .where(where)
    // Newest first; at the same moment an open upgrade before a finished one (a device has one open at most),
    // then the later to start or finish.
    .orderBy(
      desc(upgrade.createdAt),
      desc(sql`${upgrade.state} in ('waiting', 'queued', 'running')`),
      desc(sql`coalesce(${upgrade.finishedAt}, ${upgrade.startedAt}, ${upgrade.createdAt})`),
      desc(upgrade.id),
    )
    .limit(limit);
  return rows.map((r) => upgradeRowFrom(r.u, r.plantName, r.operator));
}

/** One upgrade by id as an UpgradeRow (the caller found it through its own rule first). */
export async function upgradeRowById(db: Db, id: string): Promise<UpgradeRow> {
  const [row] = await upgradeRows(db, eq(upgrade.id, id), 1);
  if (!row) throw new Error(`upgrade ${id} vanished`);
  return row;
}

/** How a rollout's upgrades stand, counted by the database. */
export interface RolloutCounts {
  devices: number;
  succeeded: number;
  failed: number;
  pending: number;
  toVersion: string;
}

/** The shared RolloutRow of a rollout row, its counts and the operator's account. */
export function rolloutRowFrom(r: RolloutDbRow, c: RolloutCounts, operator: string | null): RolloutRow {
  return {
    id: r.id,
    firmwareId: r.firmwareId,
    kind: r.kind as FirmwareKind,
    toVersion: c.toVersion,
    state: r.state as RolloutState,
    wavePercent: r.wavePercent,
    haltPercent: r.haltPercent,
    wave: r.wave,
    waves: r.waves,
    devices: c.devices,
    succeeded: c.succeeded,
    failed: c.failed,
    pending: c.pending,
    operator: operator ?? '',
    createdAt: r.createdAt.getTime(),
  };
}
