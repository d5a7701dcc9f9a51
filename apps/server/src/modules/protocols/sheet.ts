import {
  COLUMN_SHEET_FIELDS,
  columnProblems,
  configProblems,
  LANGUAGES,
  MESSAGES,
  PROTOCOL_LIMITS,
  type ColumnInput,
  type ColumnRow,
  type ProtocolImportProblem,
  type Lang,
  type SheetHeading,
} from '@heliograph/shared';
import { AppError } from '../../http/errors.js';
import { readSheetRows } from '../../xlsx/read.js';
import { word, type Cell } from '../../xlsx/write.js';

/**
 * The .xlsx layout of protocol data (protocol/columns/download, protocol/fullData/download and /import):
 * one row per column, the config's name first, then the column's fields in COLUMN_SHEET_FIELDS order
 * (descriptions one column per language). Read by position, so a sheet exported in any language imports.
 */

const HEADING: Record<(typeof COLUMN_SHEET_FIELDS)[number], SheetHeading> = {
  name: 'pcName',
  functionCode: 'pcFunctionCode',
  startAddress: 'pcStartAddress',
  registerCount: 'pcRegisterCount',
  unit: 'pcUnit',
  registerType: 'pcRegisterType',
  dataType: 'pcDataType',
  byteSwap: 'pcByteSwap',
  registerSwap: 'pcRegisterSwap',
  base: 'pcBase',
  scale: 'pcScale',
  scaleFactor: 'pcScaleFactor',
  skipBytes: 'pcSkipBytes',
  required: 'pcRequired',
  description_cn: 'pcDescription_cn',
  description_en: 'pcDescription_en',
  description_vi: 'pcDescription_vi',
  description_po: 'pcDescription_po',
  description_de: 'pcDescription_de',
  description_es: 'pcDescription_es',
  description_he: 'pcDescription_he',
  description_pt: 'pcDescription_pt',
};

export const SHEET_HEADINGS: SheetHeading[] = ['pcConfig', ...COLUMN_SHEET_FIELDS.map((f) => HEADING[f])];

/** A config's columns as sheet rows. */
export function sheetRows(config: string, columns: readonly ColumnRow[], lang: Lang): Cell[][] {
  const yes = (b: boolean) => word(b ? 'yes' : 'no', lang);
  return columns.map((c) => [
    config,
    c.name,
    c.functionCode,
    c.startAddress,
    c.registerCount,
    c.unit,
    c.registerType,
    c.dataType,
    yes(c.byteSwap),
    yes(c.registerSwap),
    c.base,
    c.scale,
    c.scaleFactor ?? '',
    c.skipBytes,
    yes(c.required),
    ...LANGUAGES.map((l) => c.descriptions[l] ?? ''),
  ]);
}

/** "yes", "1", "true" or the word for yes in any console language; "" is no. */
const YES = new Set(['1', 'true', 'y', 'x', ...LANGUAGES.map((l) => MESSAGES[l].sheetWords.yes.toLowerCase())]);
const NO = new Set(['', '0', 'false', 'n', ...LANGUAGES.map((l) => MESSAGES[l].sheetWords.no.toLowerCase())]);

export interface ParsedImport {
  rows: number;
  configs: Map<string, ColumnInput[]>;
  problems: ProtocolImportProblem[];
}

/**
 * Reads and checks every row of an uploaded sheet: each bad row is named with its row number (the heading
 * is row 1), the field and the reason in the caller's language. An empty sheet, or one that is not an
 * .xlsx, is "import failed, file empty or content error".
 */
export function parseImport(bytes: Buffer, lang: Lang): ParsedImport {
  const cells = readSheetRows(bytes, SHEET_HEADINGS.length).filter((r) => r.row > 1 && r.cells.some((c) => c !== ''));
  if (cells.length === 0) throw new AppError('importFailed');
  return parseRows(cells, lang);
}

/** Checks rows already read (each its sheet row number and its cells from the config's name on). */
export function parseRows(cells: readonly { row: number; cells: readonly string[] }[], lang: Lang): ParsedImport {
  const problems: ProtocolImportProblem[] = [];
  const say = (row: number, field: string, rule: keyof (typeof MESSAGES)['en']['fields']) =>
    problems.push({ row, field, rule, message: MESSAGES[lang].fields[rule] });

  const configs = new Map<string, { row: number; input: ColumnInput }[]>();
  const names = new Map<string, string>();
  for (const { row, cells: c } of cells) {
    const text = (i: number) => (c[i] ?? '').trim();
    const number = (i: number, field: string, fallback: number): number => {
      const t = text(i);
      if (t === '') return fallback;
      const n = Number(t);
      if (!Number.isFinite(n)) say(row, field, 'invalid');
      return n;
    };
    const flag = (i: number, field: string): boolean => {
      const t = text(i).toLowerCase();
      if (YES.has(t)) return true;
      if (!NO.has(t)) say(row, field, 'invalid');
      return false;
    };
    const config = text(0);
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(config)) say(row, 'config', config ? 'configName' : 'required');
    const before = problems.length;
    const input: ColumnInput = {
      name: text(1),
      functionCode: number(2, 'functionCode', Number.NaN),
      startAddress: text(3).toUpperCase().replace(/^0X/, ''),
      registerCount: number(4, 'registerCount', Number.NaN),
      unit: text(5),
      registerType: text(6).toLowerCase(),
      dataType: text(7).toLowerCase(),
      byteSwap: flag(8, 'byteSwap'),
      registerSwap: flag(9, 'registerSwap'),
      base: number(10, 'base', 0),
      scale: number(11, 'scale', 1),
      scaleFactor: text(12) || null,
      skipBytes: number(13, 'skipBytes', 0),
      required: flag(14, 'required'),
      descriptions: Object.fromEntries(LANGUAGES.map((l, i) => [l, text(15 + i)]).filter(([, v]) => v)),
    };
    // Cells already refused as "not a number" are not reported twice.
    const reported = new Set(problems.slice(before).map((p) => p.field));
    for (const p of columnProblems(input)) if (!reported.has(p.field)) say(row, p.field, p.rule);
    // Config names are one whatever the case (as in the database): the first spelling names the config.
    const key = config.toLowerCase();
    const list = configs.get(key) ?? [];
    list.push({ row, input });
    configs.set(key, list);
    if (!names.has(key)) names.set(key, config);
  }
  for (const list of configs.values()) {
    if (list.length > PROTOCOL_LIMITS.columnsMax) say(list[PROTOCOL_LIMITS.columnsMax]!.row, 'name', 'columnsMax');
    for (const { index, problem } of configProblems(list.map((l) => l.input)))
      say(list[index]!.row, problem.field, problem.rule);
  }
  problems.sort((a, b) => a.row - b.row);
  return {
    rows: cells.length,
    configs: new Map([...configs].map(([key, list]) => [names.get(key) ?? key, list.map((l) => l.input)])),
    problems,
  };
}
