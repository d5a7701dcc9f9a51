import { eq, inArray } from 'drizzle-orm';
import { DEVICE_LIMITS, importRowProblems, type CheckedRow } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { device, gateway } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { recordOperation } from '../commands/operation-log.js';

export interface ImportRow {
  /** The spreadsheet row (2 for the first data row); 1 for a single import. */
  row: number;
  sn: string;
  registrationKey: string;
  password: string;
}

export function rowsFromCells(cells: { row: number; cells: string[] }[]): ImportRow[] {
  if (cells.length === 0 || cells.length > DEVICE_LIMITS.importRowsMax) throw new AppError('importFailed');
  return cells.map(({ row, cells: [sn = '', registrationKey = '', password = ''] }) => ({
    row,
    sn,
    registrationKey,
    password,
  }));
}

/**
 * Each row's problems before anything is saved: its own (characters, password rule), a serial listed twice
 * in the file, a serial that already exists (spec §8 301: it cannot be imported again). A serial of another
 * company is `unavailable`, not `exists`: the import must not confirm that another company has it.
 */
export async function checkImport(db: Db, auth: AuthContext, rows: readonly ImportRow[]): Promise<CheckedRow[]> {
  const sns = rows.map((r) => r.sn).filter(Boolean);
  // Serial → whether it is ours (for a device: whether the gateway it is behind is).
  const existing = new Map<string, boolean>();
  if (sns.length > 0) {
    const gws = await db
      .select({ sn: gateway.sn, companyId: gateway.companyId })
      .from(gateway)
      .where(inArray(gateway.sn, sns));
    const devs = await db
      .select({ sn: device.sn, companyId: gateway.companyId })
      .from(device)
      .innerJoin(gateway, eq(gateway.id, device.gatewayId))
      .where(inArray(device.sn, sns));
    for (const r of [...gws, ...devs]) {
      const ours = r.companyId === null || r.companyId === auth.companyId || auth.role === 'platform_admin';
      existing.set(r.sn, ours || existing.get(r.sn) === true);
    }
  }
  const seen = new Map<string, number>();
  for (const r of rows) if (r.sn) seen.set(r.sn.toUpperCase(), (seen.get(r.sn.toUpperCase()) ?? 0) + 1);
  return rows.map((r) => {
    const problems = importRowProblems(r);
    if (r.sn && (seen.get(r.sn.toUpperCase()) ?? 0) > 1) problems.push('duplicate');
    if (existing.has(r.sn)) problems.push(existing.get(r.sn) ? 'exists' : 'unavailable');
    return { row: r.row, sn: r.sn, registrationKey: r.registrationKey, problems };
  });
}

/**
 * The answer to a single import that did not save: 301 for a serial the caller's company already has; for
 * another company's serial the 305 every route gives for a serial it does not know (no "already used" that
 * would confirm it exists elsewhere); otherwise the row's problems.
 */
export function singleImportRefusal(problems: readonly CheckedRow[] | null): AppError | undefined {
  const first = problems?.[0]?.problems ?? [];
  if (first.includes('unavailable')) return new AppError('gatewayNotFound');
  if (first.includes('exists')) return new AppError('gatewayUsed');
  return undefined;
}

/**
 * Saves rows into the caller's company stock (unbound) once every row passed the check, all or nothing.
 * `kind` makes each one a device that connects on its own (a smart AC switch): a gateway row and a device
 * row with the same serial number.
 */
export async function saveImport(
  db: Db,
  auth: AuthContext,
  ip: string,
  rows: readonly ImportRow[],
  opts: { kind?: 'switch' | 'lora'; operation: string; localAreaCode?: string } = { operation: 'gateway.import' },
): Promise<CheckedRow[] | null> {
  const checked = await checkImport(db, auth, rows);
  if (checked.some((c) => c.problems.length > 0)) return checked;
  const hashes = await Promise.all(rows.map((r) => hashPassword(r.password)));
  await db.transaction(async (tx) => {
    for (const [i, r] of rows.entries()) {
      const [gw] = await tx
        .insert(gateway)
        .values({
          sn: r.sn,
          companyId: auth.companyId,
          registrationKey: r.registrationKey,
          connPasswordHash: hashes[i] ?? '',
          commType: opts.kind === 'switch' ? 'WiFi' : '4G',
        })
        .returning({ id: gateway.id });
      if (!gw) throw new Error('gateway insert returned nothing');
      if (opts.kind) {
        await tx.insert(device).values({
          sn: r.sn,
          gatewayId: gw.id,
          kind: opts.kind,
          model: opts.kind === 'switch' ? 'HG-ACS' : 'HG-LM',
          settings: opts.localAreaCode ? { localAreaCode: opts.localAreaCode } : {},
        });
      }
      await recordOperation(tx, { auth, ip, target: r.sn, operation: opts.operation, result: 'succeeded' });
    }
  });
  return null;
}

type ImportOptions = Parameters<typeof saveImport>[4];

/** What an import answers: how many rows it saved (all or none) and, when none, each row's problems. */
export interface ImportOutcome {
  saved: number;
  rows: CheckedRow[];
}

/** Saves a batch (all or nothing, see saveImport) and says how it went. */
export async function importBatch(
  db: Db,
  auth: AuthContext,
  ip: string,
  rows: readonly ImportRow[],
  opts?: ImportOptions,
): Promise<ImportOutcome> {
  const problems = await saveImport(db, auth, ip, rows, opts);
  return { saved: problems ? 0 : rows.length, rows: problems ?? [] };
}

/**
 * Saves one row typed into a form: refused with the error a taken serial gets (singleImportRefusal), otherwise
 * answered as a batch of one.
 */
export async function importOne(
  db: Db,
  auth: AuthContext,
  ip: string,
  one: Omit<ImportRow, 'row'>,
  opts?: ImportOptions,
): Promise<ImportOutcome> {
  const problems = await saveImport(db, auth, ip, [{ row: 1, ...one }], opts);
  const refusal = singleImportRefusal(problems);
  if (refusal) throw refusal;
  return { saved: problems ? 0 : 1, rows: problems ?? [] };
}
