import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';

/**
 * Staged rollouts (issue 13 point 4, beyond the spec): a batch goes out in waves of ceil(n · wavePercent / 100)
 * devices (at least one). Once every upgrade of the current wave is final, the wave is judged: more failed than
 * haltPercent of it → the rollout halts and the later waves stay `queued`, untouched, until the operator
 * resumes or aborts; otherwise the next wave may go (the dispatcher claims it), and after the last the rollout
 * is done.
 */

/** How many devices one wave takes. */
export function waveSize(devices: number, wavePercent: number): number {
  return Math.max(1, Math.ceil((devices * wavePercent) / 100));
}

/** The wave (1-based) of the i-th device (0-based) of a batch, and how many waves there are. */
export function waveOf(i: number, size: number): number {
  return Math.floor(i / size) + 1;
}

export function waveCount(devices: number, size: number): number {
  return Math.max(1, Math.ceil(devices / size));
}

/** A wave whose failed share passes the halt percent halts the rollout (a share equal to it does not). */
export function waveHalts(total: number, failed: number, haltPercent: number): boolean {
  return total > 0 && failed * 100 > haltPercent * total;
}

interface Through {
  id: string;
  wave: number;
  waves: number;
  halt_percent: number;
  total: number;
  failed: number;
}

/**
 * Judges every running rollout whose current wave is through: halts it, moves it to the next wave, or marks it
 * done. Each move is a conditional update on the wave it judged, so two instances judging the same wave move
 * it once.
 */
export async function advanceRollouts(db: Db, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  const through = await query<Through>(
    db,
    sql`select r.id, r.wave, r.waves, r.halt_percent,
        (select count(*) from upgrade u where u.rollout_id = r.id and u.wave = r.wave)::int as total,
        (select count(*) from upgrade u where u.rollout_id = r.id and u.wave = r.wave and u.state = 'failed')::int as failed
      from upgrade_rollout r
      where r.state = 'running'
        and not exists (select 1 from upgrade u where u.rollout_id = r.id and u.wave = r.wave
          and u.state in ('waiting', 'queued', 'running'))`,
  );
  for (const r of through) {
    const next = waveHalts(r.total, r.failed, r.halt_percent)
      ? sql`state = 'halted'`
      : r.wave >= r.waves
        ? sql`state = 'done'`
        : sql`wave = wave + 1`;
    await db.execute(sql`update upgrade_rollout set ${next}, updated_at = ${at}::timestamptz
      where id = ${r.id} and state = 'running' and wave = ${r.wave}`);
  }
}
