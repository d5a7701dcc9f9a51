/**
 * A device's chart parameters as a sheet (equip/custom/param/download and /export, docs/protocols.md): one row
 * per parameter its chart offers — key, name, unit, chosen — so a choice can be made, kept or handed on in a
 * spreadsheet and loaded back. Read by position and the key, so a sheet downloaded in any language loads.
 */
import {
  LANGUAGES,
  LIMITS,
  MESSAGES,
  type Lang,
  type OfferedParam,
  type ProtocolImportProblem,
  type SheetHeading,
} from '@heliograph/shared';
import { AppError } from '../../http/errors.js';
import { readSheetRows } from '../../xlsx/read.js';
import { word, type Cell } from '../../xlsx/write.js';

export const PARAM_SHEET_HEADINGS: SheetHeading[] = ['cpKey', 'cpLabel', 'pcUnit', 'cpChosen'];

/** The offered parameters in order, each marked whether it is in `chosen`. */
export function paramSheetRows(offered: readonly OfferedParam[], chosen: readonly string[], lang: Lang): Cell[][] {
  const picked = new Set(chosen);
  return offered.map((p) => [p.key, p.label ?? p.key, p.unit, word(picked.has(p.key) ? 'yes' : 'no', lang)]);
}

const YES = new Set(['1', 'true', 'y', 'x', ...LANGUAGES.map((l) => MESSAGES[l].sheetWords.yes.toLowerCase())]);
const NO = new Set(['', '0', 'false', 'n', ...LANGUAGES.map((l) => MESSAGES[l].sheetWords.no.toLowerCase())]);

/**
 * The choice a sheet makes: the keys of the rows marked chosen, in row order. Each problem names its row (the
 * heading is row 1), the field and why: a key the device's chart does not offer, a chosen cell that is not yes
 * or no, a key twice, more than LIMITS.chartCustomParams chosen, none chosen. Empty or not an .xlsx: 1215.
 */
export function parseParamSheet(
  bytes: Buffer,
  offered: readonly OfferedParam[],
  lang: Lang,
): { rows: number; params: string[]; problems: ProtocolImportProblem[] } {
  const cells = readSheetRows(bytes, PARAM_SHEET_HEADINGS.length).filter(
    (r) => r.row > 1 && r.cells.some((c) => c !== ''),
  );
  if (cells.length === 0) throw new AppError('importFailed');
  const problems: ProtocolImportProblem[] = [];
  const say = (row: number, field: string, rule: keyof (typeof MESSAGES)['en']['fields']) =>
    problems.push({ row, field, rule, message: MESSAGES[lang].fields[rule] });
  const known = new Set(offered.map((p) => p.key));
  const seen = new Set<string>();
  const params: string[] = [];
  for (const { row, cells: c } of cells) {
    const key = (c[0] ?? '').trim();
    const mark = (c[3] ?? '').trim().toLowerCase();
    if (!key) say(row, 'key', 'required');
    else if (!known.has(key)) say(row, 'key', 'invalid');
    else if (seen.has(key)) say(row, 'key', 'invalid');
    seen.add(key);
    if (YES.has(mark)) {
      params.push(key);
      if (params.length === LIMITS.chartCustomParams + 1) say(row, 'chosen', 'chartParamsMax');
    } else if (!NO.has(mark)) say(row, 'chosen', 'invalid');
  }
  if (params.length === 0 && problems.length === 0) say(cells[0]?.row ?? 2, 'chosen', 'required');
  problems.sort((a, b) => a.row - b.row);
  return { rows: cells.length, params, problems };
}
