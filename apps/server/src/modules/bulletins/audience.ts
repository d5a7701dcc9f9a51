import { sql, type SQL } from 'drizzle-orm';
import { MAINTENANCE_STATUS } from '@heliograph/shared';

/** Whom the bulletin and notice conditions are asked for: the caller, at a moment, on this deployment. */
export interface Reader {
  userId: string;
  companyId: string | null;
  /** This deployment's region (REGION), '' when it has none: a notice scoped to a region then reaches nobody here. */
  region: string;
  now: number;
}

const at = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * The bulletins (table alias `b`) a reader receives: published, released, and addressed to everyone, to the
 * reader's company or to the reader's own account. A withdrawn bulletin reaches nobody from that moment.
 */
export function bulletinReaches(r: Reader): SQL {
  return sql`(b.status = 'published' and b.release_at <= ${at(r.now)} and (
    b.audience = 'all'
    or (b.audience = 'companies' and jsonb_exists(b.receivers, ${r.companyId ?? ''}))
    or (b.audience = 'customers' and jsonb_exists(b.receivers, ${r.userId}))))`;
}

/**
 * The maintenance notices (alias `n`) a reader receives: publishing and in effect (and, for the shell's banner,
 * not over yet), scoped to everyone, to this deployment's region or to the reader's company. Setting a notice
 * invalid ends it everywhere at once: nothing is copied anywhere that would have to be taken back.
 */
export function maintenanceReaches(r: Reader, opts: { current?: boolean } = {}): SQL {
  const running = opts.current ? sql` and n.end_at > ${at(r.now)}` : sql``;
  return sql`(n.status = ${MAINTENANCE_STATUS.publishing} and n.effective_at <= ${at(r.now)}${running} and (
    n.scope = 'all'
    or (n.scope = 'region' and n.region <> '' and n.region = ${r.region})
    or (n.scope = 'companies' and jsonb_exists(n.company_ids, ${r.companyId ?? ''}))))`;
}
