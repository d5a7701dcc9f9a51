import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DeviceKind, ErrorKey } from '@heliograph/shared';
import type { Db } from '../db/client.js';
import { query } from '../db/rows.js';
import { configTemplate, deviceProfile } from '../db/schema.js';
import type { AuthContext } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { POLICIES, scopeCondition, type Policy, type ResourceKind } from './policies.js';

/**
 * How a finder reads its row. The finder owns the key and the policy (the `where`); the caller chooses the
 * columns and may join what they come from, so no lookup can leave the policy out.
 */
export interface FindOptions {
  /** The row must be one the caller may change or command, not only see. */
  write?: boolean;
  /** The columns to read, over the policy's aliases and `join`; the key column alone by default. */
  select?: SQL;
  /** Further tables, e.g. `left join plant p on p.id = d.plant_id`. */
  join?: SQL;
  /** A narrower row than the key alone names (e.g. a master node, not a child). */
  where?: SQL;
  /** A route whose "does not exist" is not the resource's own. */
  missing?: ErrorKey;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findOne<T>(db: Db, auth: AuthContext, kind: ResourceKind, key: SQL, opts: FindOptions): Promise<T> {
  const policy: Policy = POLICIES[kind];
  const where = [key, ...(opts.where ? [opts.where] : []), scopeCondition(auth, kind, { write: opts.write })];
  const [row] = await query<T>(
    db,
    sql`select ${opts.select ?? sql`1 as found`} from ${policy.from} ${opts.join ?? sql``} where ${sql.join(where, sql` and `)}`,
  );
  if (!row) throw new AppError(opts.missing ?? policy.missing);
  return row;
}

/**
 * A row of `kind` by its uuid under the policy's alias (`f`, `rc`, …): "does not exist" for a malformed id as
 * for another's row, so neither gives its existence away. Answers the id unless `select` says more.
 */
function findByUuid<T>(
  db: Db,
  auth: AuthContext,
  kind: ResourceKind,
  alias: string,
  id: string,
  opts: FindOptions,
): Promise<T> {
  if (!UUID.test(id)) return Promise.reject(new AppError(opts.missing ?? POLICIES[kind].missing));
  const column = sql.raw(`${alias}.id`);
  return findOne<T>(db, auth, kind, sql`${column} = ${id}`, { ...opts, select: opts.select ?? column });
}

/**
 * A plant by id the caller may see (or, with `write`, change); otherwise 700 — also for a malformed id,
 * another company's plant and a deleted one, so its existence is not given away.
 */
export async function findPlant<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  const missing = opts.missing ?? POLICIES.plant.missing;
  if (!UUID.test(id)) throw new AppError(missing);
  return findOne<T>(db, auth, 'plant', sql`p.id = ${id}`, { ...opts, select: opts.select ?? sql`p.id`, missing });
}

/** "Does not exist" per device kind (spec §8): 600 inverter, 1206 battery, the generic one for the others. */
const DEVICE_MISSING: Partial<Record<DeviceKind, ErrorKey>> = {
  inverter: 'inverterNotFound',
  battery: 'batteryNotFound',
};

/**
 * A device of `kind` by serial number the caller may see (or operate), never a deleted one; it follows its
 * gateway (`d` and `g` in `select`, `join`, `where`). Otherwise the kind's own "does not exist".
 */
export function findDevice<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  sn: string,
  opts: FindOptions & { kind: DeviceKind },
): Promise<T> {
  const { kind, ...rest } = opts;
  return findOne<T>(db, auth, 'device', sql`d.sn = ${sn} and d.kind = ${kind} and d.deleted_at is null`, {
    ...rest,
    select: rest.select ?? sql`d.id`,
    missing: rest.missing ?? DEVICE_MISSING[kind] ?? POLICIES.device.missing,
  });
}

/**
 * A device of any of `kinds` by serial number the caller may see (or operate), never a deleted one, for a route
 * whose path names no kind (the upgrade calls, /equip/:sn/…). Otherwise `missing` or the generic "does not
 * exist": the kind of a device the caller may not see is not told either.
 */
export function findAnyDevice<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  sn: string,
  opts: FindOptions & { kinds: readonly DeviceKind[] },
): Promise<T> {
  const { kinds, ...rest } = opts;
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return findOne<T>(db, auth, 'device', sql`d.sn = ${sn} and d.kind in (${list}) and d.deleted_at is null`, {
    ...rest,
    select: rest.select ?? sql`d.id`,
    missing: rest.missing ?? POLICIES.device.missing,
  });
}

/** A gateway by serial number the caller may see (or operate), on the alias `g`; otherwise 305. */
export function findGateway<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  sn: string,
  opts: FindOptions = {},
): Promise<T> {
  return findOne<T>(db, auth, 'gateway', sql`g.sn = ${sn}`, { ...opts, select: opts.select ?? sql`g.id` });
}

/** A command sent through a gateway the caller may see; otherwise "does not exist". */
export async function findCommand(db: Db, auth: AuthContext, id: string): Promise<{ id: string }> {
  if (!UUID.test(id)) throw new AppError(POLICIES.command.missing);
  return findOne<{ id: string }>(db, auth, 'command', sql`c.id = ${id}`, { select: sql`c.id` });
}

/**
 * The one template `id` of the caller's company, as a condition: reads, changes and deletions all use it,
 * so a template is never touched by its bare id.
 */
export function templateKey(auth: AuthContext, id: string): SQL | undefined {
  return and(eq(configTemplate.id, id), scopeCondition(auth, 'template'));
}

/** A configuration template of the caller's company; otherwise "does not exist". */
export async function findTemplate(db: Db, auth: AuthContext, id: string): Promise<typeof configTemplate.$inferSelect> {
  if (!UUID.test(id)) throw new AppError(POLICIES.template.missing);
  const [row] = await db.select().from(configTemplate).where(templateKey(auth, id));
  if (!row) throw new AppError(POLICIES.template.missing);
  return row;
}

/** The one device configuration profile `id` of the caller's company, as a condition (like `templateKey`). */
export function profileKey(auth: AuthContext, id: string): SQL | undefined {
  return and(eq(deviceProfile.id, id), scopeCondition(auth, 'profile'));
}

/** A device configuration profile of the caller's company; otherwise "does not exist". */
export async function findProfile(db: Db, auth: AuthContext, id: string): Promise<typeof deviceProfile.$inferSelect> {
  if (!UUID.test(id)) throw new AppError(POLICIES.profile.missing);
  const [row] = await db.select().from(deviceProfile).where(profileKey(auth, id));
  if (!row) throw new AppError(POLICIES.profile.missing);
  return row;
}

/**
 * A firmware of the library the caller may see (or, with `write`, change: platform administrators); otherwise
 * "does not exist", also for another company's firmware that was never authorised to the caller's.
 */
export function findFirmware<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'firmware', 'f', id, opts);
}

/** A report config of the caller's by id (policy `reportConfig`); "does not exist" for anyone else's. */
export function findReportConfig<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'reportConfig', 'rc', id, opts);
}

/** A report export the caller started, by id (policy `reportExport`). */
export function findReportExport<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'reportExport', 'rx', id, opts);
}

/**
 * A display the caller may see (or, with `write`, change): its company's staff, a platform administrator, or
 * the display's own link; otherwise "does not exist", also for another company's display.
 */
export function findDisplay<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'display', 'ds', id, opts);
}

/** A smart rule by id, through its plant's policy (policy `smartRule`): 404 for another company's. */
export function findSmartRule<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'smartRule', 'sr', id, opts);
}

/** A smart bulb bound to a plant the caller may see (or, with `write`, change), by id; otherwise 404. */
export function findLight<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'light', 'l', id, opts);
}

/**
 * A camera by id through its plant's policy (policy `camera`, aliases `c` and `p`): "does not exist" for
 * another company's camera, one of a plant the caller may not see, and a malformed id alike.
 */
export function findCameraRow<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'camera', 'c', id, opts);
}

/** A camera's channel by id, through its camera's plant (policy `cameraChannel`, aliases `ch`, `c`, `p`). */
export function findChannelRow<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'cameraChannel', 'ch', id, opts);
}

/** A storage space of the caller's company by id (policy `storageSpace`, alias `ss`); otherwise 404. */
export function findStorageSpace<T = { id: string }>(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: FindOptions = {},
): Promise<T> {
  return findByUuid<T>(db, auth, 'storageSpace', 'ss', id, opts);
}
