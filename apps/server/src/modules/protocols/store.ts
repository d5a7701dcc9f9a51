import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  columnProblems,
  configProblems,
  hexAddress,
  parseHexAddress,
  type ColumnInput,
  type ColumnRow,
  type ConfigRow,
  type Lang,
  type ProtocolRow,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { anyContains } from '../../db/rows.js';
import { appUser, protocol, protocolColumn, protocolConfig } from '../../db/schema.js';
import { AppError, ValidationError } from '../../http/errors.js';

/**
 * Reading and writing protocols, their versioned configs and their columns (issue 14 item 1). Protocols are
 * platform data: every route of the module is for platform administrators (scope platform), so nothing here
 * filters by company.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const configCount =
  sql<number>`(select count(distinct lower(c.name)) from protocol_config c where c.protocol_id = ${protocol.id})`.mapWith(
    Number,
  );

export async function listProtocols(db: Db, q: { q?: string | undefined; page: number; size: number }) {
  const where = q.q ? anyContains(q.q, [sql`${protocol.code}`, sql`${protocol.manufacturer}`]) : undefined;
  const [total] = await db.select({ n: count() }).from(protocol).where(where);
  const rows = await db
    .select({ p: protocol, creator: appUser.account, configs: configCount })
    .from(protocol)
    .leftJoin(appUser, eq(appUser.id, protocol.createdBy))
    .where(where)
    .orderBy(asc(sql`lower(${protocol.code})`))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { total: total?.n ?? 0, rows: rows.map(toProtocolRow) };
}

export async function protocolById(db: Tx, id: string): Promise<ProtocolRow> {
  const [row] = await db
    .select({ p: protocol, creator: appUser.account, configs: configCount })
    .from(protocol)
    .leftJoin(appUser, eq(appUser.id, protocol.createdBy))
    .where(eq(protocol.id, id));
  if (!row) throw new AppError('notFound');
  return toProtocolRow(row);
}

function toProtocolRow(r: { p: typeof protocol.$inferSelect; creator: string | null; configs: number }): ProtocolRow {
  return {
    id: r.p.id,
    code: r.p.code,
    manufacturer: r.p.manufacturer,
    protocolVersion: r.p.protocolVersion,
    configureVersion: r.p.configureVersion,
    creator: r.creator ?? (r.p.builtin ? 'Heliograph' : ''),
    builtin: r.p.builtin,
    configs: r.configs,
    createdAt: r.p.createdAt.getTime(),
    updatedAt: r.p.updatedAt.getTime(),
  };
}

/** The code is free (case aside) for this protocol: else 1501. */
export async function checkCodeFree(db: Tx, code: string, except?: string): Promise<void> {
  const [hit] = await db
    .select({ id: protocol.id })
    .from(protocol)
    .where(eq(sql`lower(${protocol.code})`, code.toLowerCase()));
  if (hit && hit.id !== except) throw new AppError('protocolExists');
}

const configColumns = {
  c: protocolConfig,
  creator: appUser.account,
  columns: sql<number>`(select count(*) from protocol_column k where k.config_id = ${protocolConfig.id})`.mapWith(
    Number,
  ),
  newest:
    sql<number>`(select max(v.version) from protocol_config v where v.protocol_id = ${protocolConfig.protocolId} and lower(v.name) = lower(${protocolConfig.name}))`.mapWith(
      Number,
    ),
};

function toConfigRow(r: {
  c: typeof protocolConfig.$inferSelect;
  creator: string | null;
  columns: number;
  newest: number;
}): ConfigRow {
  return {
    id: r.c.id,
    protocolId: r.c.protocolId,
    name: r.c.name,
    version: r.c.version,
    latest: r.c.version === r.newest,
    note: r.c.note,
    columns: r.columns,
    creator: r.creator ?? '',
    createdAt: r.c.createdAt.getTime(),
  };
}

/** The newest version of each config of a protocol, by name. */
export async function latestConfigs(db: Tx, protocolId: string): Promise<ConfigRow[]> {
  const rows = await db
    .select(configColumns)
    .from(protocolConfig)
    .leftJoin(appUser, eq(appUser.id, protocolConfig.createdBy))
    .where(eq(protocolConfig.protocolId, protocolId))
    .orderBy(asc(sql`lower(${protocolConfig.name})`), desc(protocolConfig.version));
  return rows.map(toConfigRow).filter((r) => r.latest);
}

export async function configVersions(db: Tx, protocolId: string, name: string): Promise<ConfigRow[]> {
  const rows = await db
    .select(configColumns)
    .from(protocolConfig)
    .leftJoin(appUser, eq(appUser.id, protocolConfig.createdBy))
    .where(and(eq(protocolConfig.protocolId, protocolId), eq(sql`lower(${protocolConfig.name})`, name.toLowerCase())))
    .orderBy(desc(protocolConfig.version));
  return rows.map(toConfigRow);
}

export async function configById(db: Tx, id: string): Promise<ConfigRow> {
  const [row] = await db
    .select(configColumns)
    .from(protocolConfig)
    .leftJoin(appUser, eq(appUser.id, protocolConfig.createdBy))
    .where(eq(protocolConfig.id, id));
  if (!row) throw new AppError('notFound');
  return toConfigRow(row);
}

/** A config version whose columns may change: only the newest version (older ones are kept as they were). */
export async function editableConfig(db: Tx, id: string): Promise<ConfigRow> {
  const config = await configById(db, id);
  if (!config.latest) throw new ValidationError([{ field: 'configId', rule: 'configLocked' }]);
  return config;
}

export function toColumnRow(c: typeof protocolColumn.$inferSelect): ColumnRow {
  return {
    id: c.id,
    configId: c.configId,
    position: c.position,
    name: c.name,
    functionCode: c.functionCode,
    startAddress: hexAddress(c.startAddress),
    registerCount: c.registerCount,
    unit: c.unit,
    registerType: c.registerType,
    dataType: c.dataType,
    byteSwap: c.byteSwap,
    registerSwap: c.registerSwap,
    base: c.base,
    scale: c.scale,
    scaleFactor: c.scaleFactor,
    skipBytes: c.skipBytes,
    required: c.required,
    descriptions: c.descriptions as Partial<Record<Lang, string>>,
  };
}

export async function columnsOf(db: Tx, configId: string): Promise<ColumnRow[]> {
  const rows = await db
    .select()
    .from(protocolColumn)
    .where(eq(protocolColumn.configId, configId))
    .orderBy(asc(protocolColumn.position), asc(protocolColumn.startAddress));
  return rows.map(toColumnRow);
}

/** The row to store for a column input (its rules already checked). */
export function columnValues(c: ColumnInput, configId: string, position: number): typeof protocolColumn.$inferInsert {
  const start = parseHexAddress(c.startAddress);
  if (start === null) throw new ValidationError([{ field: 'startAddress', rule: 'hexAddress' }]);
  const descriptions: Record<string, string> = {};
  for (const [lang, text] of Object.entries(c.descriptions)) if (text?.trim()) descriptions[lang] = text.trim();
  return {
    configId,
    position,
    name: c.name,
    functionCode: c.functionCode,
    startAddress: start,
    registerCount: c.registerCount,
    unit: c.unit,
    registerType: c.registerType,
    dataType: c.dataType,
    byteSwap: c.byteSwap,
    registerSwap: c.registerSwap,
    base: c.base,
    scale: c.scale,
    scaleFactor: c.scaleFactor || null,
    skipBytes: c.skipBytes,
    required: c.required,
    descriptions,
  };
}

/** A column's own rules, then the rules of the config it would be part of; a field error for the first of each. */
export function checkColumn(input: ColumnInput, siblings: readonly ColumnInput[]): void {
  const own = columnProblems(input);
  if (own.length > 0) throw new ValidationError(own.map((p) => ({ field: p.field, rule: p.rule })));
  const whole = configProblems([...siblings, input]).filter((p) => p.index === siblings.length);
  if (whole.length > 0) throw new ValidationError(whole.map((p) => ({ field: p.problem.field, rule: p.problem.rule })));
}

/** Creates config `name` version (newest + 1) of a protocol with these columns; answers its id and version. */
export async function addConfigVersion(
  tx: Tx,
  p: { protocolId: string; name: string; note: string; createdBy: string | null; columns: readonly ColumnInput[] },
): Promise<{ id: string; version: number }> {
  const [newest] = await tx
    .select({ v: sql<number | null>`max(${protocolConfig.version})` })
    .from(protocolConfig)
    .where(
      and(eq(protocolConfig.protocolId, p.protocolId), eq(sql`lower(${protocolConfig.name})`, p.name.toLowerCase())),
    );
  const version = Number(newest?.v ?? 0) + 1;
  const [row] = await tx
    .insert(protocolConfig)
    .values({ protocolId: p.protocolId, name: p.name, version, note: p.note, createdBy: p.createdBy })
    .returning({ id: protocolConfig.id });
  if (!row) throw new Error('config not inserted');
  if (p.columns.length > 0) await tx.insert(protocolColumn).values(p.columns.map((c, i) => columnValues(c, row.id, i)));
  return { id: row.id, version };
}

export async function touchProtocol(tx: Tx, protocolId: string, now: Date): Promise<void> {
  await tx.update(protocol).set({ updatedAt: now }).where(eq(protocol.id, protocolId));
}
