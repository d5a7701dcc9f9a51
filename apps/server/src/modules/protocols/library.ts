/**
 * The protocol library as one sheet (protocast/fullData/download and /import): every protocol's header cells
 * (code, manufacturer, protocol and configure version) in front of the protocol/fullData row of each column
 * of its configs' newest versions. It copies a console's register maps to another console (another region,
 * a test installation) in one file; protocol/fullData stays the sheet of one protocol.
 */
import {
  protocolNameProblem,
  MESSAGES,
  PROTOCOL_LIMITS,
  type ColumnInput,
  type Lang,
  type ProtocolImportProblem,
  type SheetHeading,
} from '@heliograph/shared';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { protocol } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { readSheetRows } from '../../xlsx/read.js';
import type { Cell } from '../../xlsx/write.js';
import { parseRows, SHEET_HEADINGS, sheetRows } from './sheet.js';
import { columnsOf, latestConfigs } from './store.js';

const HEADER: SheetHeading[] = ['pcProtocol', 'pcManufacturer', 'pcProtocolVersion', 'pcConfigureVersion'];
export const LIBRARY_HEADINGS: SheetHeading[] = [...HEADER, ...SHEET_HEADINGS];

/** The library's rows: per protocol (by code) and config (newest version), one row per column. */
export async function libraryRows(db: Db, lang: Lang): Promise<Cell[][]> {
  const protocols = await db
    .select()
    .from(protocol)
    .orderBy(asc(sql`lower(${protocol.code})`));
  const rows: Cell[][] = [];
  for (const p of protocols) {
    const head = [p.code, p.manufacturer, p.protocolVersion, p.configureVersion];
    for (const c of await latestConfigs(db, p.id))
      for (const row of sheetRows(c.name, await columnsOf(db, c.id), lang)) rows.push([...head, ...row]);
  }
  return rows;
}

export interface LibraryProtocol {
  code: string;
  manufacturer: string;
  protocolVersion: string;
  configureVersion: string;
  configs: Map<string, ColumnInput[]>;
}

/**
 * Reads and checks every row of a library sheet: the header cells (the code's rule, manufacturer and protocol
 * version required, one spelling of them per code), then each column as protocol/fullData checks it. Each
 * problem names its row, field and reason in `lang`; an empty sheet or one that is not an .xlsx is 1215.
 */
export function parseLibrary(
  bytes: Buffer,
  lang: Lang,
): { rows: number; protocols: LibraryProtocol[]; problems: ProtocolImportProblem[] } {
  const cells = readSheetRows(bytes, LIBRARY_HEADINGS.length).filter((r) => r.row > 1 && r.cells.some((c) => c !== ''));
  if (cells.length === 0) throw new AppError('importFailed');
  const problems: ProtocolImportProblem[] = [];
  const say = (row: number, field: string, rule: keyof (typeof MESSAGES)['en']['fields']) =>
    problems.push({ row, field, rule, message: MESSAGES[lang].fields[rule] });
  const groups = new Map<string, { head: string[]; rows: { row: number; cells: string[] }[] }>();
  for (const { row, cells: c } of cells) {
    const head = HEADER.map((_, i) => (c[i] ?? '').trim());
    const [code = '', manufacturer = '', protocolVersion = '', configureVersion = ''] = head;
    const rule = protocolNameProblem(code);
    if (rule) say(row, 'code', rule);
    if (!manufacturer) say(row, 'manufacturer', 'required');
    else if (manufacturer.length > PROTOCOL_LIMITS.textMax) say(row, 'manufacturer', 'tooLong');
    if (!protocolVersion) say(row, 'protocolVersion', 'required');
    else if (protocolVersion.length > PROTOCOL_LIMITS.textMax) say(row, 'protocolVersion', 'tooLong');
    if (configureVersion.length > PROTOCOL_LIMITS.textMax) say(row, 'configureVersion', 'tooLong');
    const key = code.toLowerCase();
    const group = groups.get(key) ?? { head, rows: [] };
    // The first row of a code gives its header; a later row that says otherwise is a mistake, not a second truth.
    if (group.rows.length > 0 && group.head.slice(1).join('\u0000') !== head.slice(1).join('\u0000'))
      say(row, 'manufacturer', 'invalid');
    group.rows.push({ row, cells: c.slice(HEADER.length) });
    groups.set(key, group);
  }
  const protocols: LibraryProtocol[] = [];
  for (const { head, rows } of groups.values()) {
    const parsed = parseRows(rows, lang);
    problems.push(...parsed.problems);
    const [code = '', manufacturer = '', protocolVersion = '', configureVersion = ''] = head;
    protocols.push({ code, manufacturer, protocolVersion, configureVersion, configs: parsed.configs });
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows: cells.length, protocols, problems };
}
