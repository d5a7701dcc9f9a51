import {
  DYNAMIC_PRICE_LIMIT,
  PRICE_DECIMALS,
  SLOT_MINUTES,
  localTime,
  localToUtc,
  roundPrice,
  type FieldRule,
  type PriceSlot,
  type SlotMinutes,
} from '@heliograph/shared';
import { AppError } from '../../../http/errors.js';
import { readSheetRows } from '../../../xlsx/read.js';

/**
 * The price file a user uploads (.csv or .xlsx): a heading row, then one row per slot with columns start, buy
 * and sell (sell optional). The check step reads every row and reports each problem with the row number the
 * user sees in the spreadsheet; nothing is accepted while any row is wrong, so a half-read file never plans
 * a battery. A file that cannot be read at all (not a workbook, no rows) is "import failed" as for every import.
 */

export const PRICE_FILE_LIMITS = {
  days: 2,
  /** 2 days × 96 quarter hours */
  slots: 192,
  /** lines read from a .csv before it is refused whole (the heading, 192 slots and blank lines fit easily) */
  lines: 2_000,
} as const;

export interface PriceFileProblem {
  /** the spreadsheet row (or .csv line), 2 for the first slot under the heading */
  row: number;
  field: 'start' | 'buy' | 'sell';
  rule: FieldRule;
}

export interface PriceFileCheck {
  /** the file's slots, oldest first; empty whenever a problem was found */
  slots: PriceSlot[];
  errors: PriceFileProblem[];
}

export interface PriceFileRow {
  row: number;
  cells: string[];
}

/** The rows of an uploaded price file by its name's extension; anything else is not a price file. */
export function readPriceFile(fileName: string, bytes: Buffer, timeZone: string): PriceFileCheck {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xlsx')) return checkPriceRows(readSheetRows(bytes, 3), timeZone);
  if (name.endsWith('.csv')) return checkPriceRows(csvRows(bytes), timeZone);
  throw new AppError('importFailed');
}

/** The rows of a .csv under its heading line: comma or (as Excel saves it in much of Europe) semicolon separated. */
export function csvRows(bytes: Buffer): PriceFileRow[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > PRICE_FILE_LIMITS.lines || text.includes('\u0000')) throw new AppError('importFailed');
  const heading = lines[0] ?? '';
  const separator = heading.includes(';') && !heading.includes(',') ? ';' : ',';
  const rows: PriceFileRow[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || line.trim() === '') return;
    const cells = splitCsvLine(line, separator).map((c) => c.trim());
    rows.push({ row: i + 1, cells: [cells[0] ?? '', cells[1] ?? '', cells[2] ?? ''] });
  });
  return rows;
}

/** One line's fields; a field in double quotes may hold the separator and "" for a quote. */
function splitCsvLine(line: string, separator: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === separator) {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

const PRICE = /^-?\d+(?:\.\d+)?$/;

function priceProblem(text: string): FieldRule | null {
  if (!PRICE.test(text)) return 'priceNumber';
  const value = Number(text);
  // A computed cell arrives as 0.12000000000000001: binary noise, not a fifth decimal.
  const scaled = value * 10 ** PRICE_DECIMALS;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return 'priceDecimals4';
  return Math.abs(value) > DYNAMIC_PRICE_LIMIT ? 'dynamicPriceRange' : null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
// Excel keeps a date-time as days since 1899-12-30; a cell formatted as a date arrives as that number.
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const EXCEL_SERIAL = /^\d{5}(?:\.\d+)?$/;

type Start = { ms: number; zoned: boolean } | { rule: FieldRule };

/** The instant a start cell names: with an offset as written, otherwise as the plant's clock reads. */
function parseStart(text: string, timeZone: string): Start {
  let wall = text;
  if (EXCEL_SERIAL.test(text)) {
    const minutes = Math.round(Number(text) * 1440);
    wall = new Date(EXCEL_EPOCH + minutes * 60_000).toISOString().slice(0, 16);
  }
  const m = DATE_TIME.exec(wall);
  if (!m) return { rule: 'priceSlotTime' };
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(utc);
  // Date.UTC rolls 31 April over into May and 25:00 into the next day: such a date does not exist.
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d || h! > 23 || mi! > 59 || s! > 59) {
    return { rule: 'priceSlotTime' };
  }
  const zone = m[7];
  if (zone) {
    if (zone.toUpperCase() === 'Z') return { ms: utc, zoned: true };
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    const offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
    return { ms: utc - offset * 60_000, zoned: true };
  }
  const day = wall.slice(0, 10);
  const minuteOfDay = h! * 60 + mi!;
  const ms = localToUtc(day, minuteOfDay, timeZone) + s! * 1000;
  const back = localTime(ms, timeZone);
  // 02:30 on the night the clocks go forward does not exist on the plant's clock.
  if (back.day !== day || back.minuteOfDay !== minuteOfDay) return { rule: 'priceSlotLocalGap' };
  return { ms, zoned: false };
}

/**
 * Where the clocks go back a local time happens twice (02:15 CEST, then 02:15 CET): of the instants with
 * the same wall clock, the first one after the previous row's start, so the file's second 02:15 follows its
 * first; without a previous row the earlier one.
 */
function resolveRepeated(ms: number, previous: number | null, timeZone: string): number {
  const at = localTime(ms, timeZone);
  const same = [-60, -30, 0, 30, 60]
    .map((shift) => ms + shift * 60_000)
    .filter((t) => {
      const l = localTime(t, timeZone);
      return l.day === at.day && l.minuteOfDay === at.minuteOfDay;
    });
  return same.find((t) => previous === null || t > previous) ?? ms;
}

interface Parsed {
  row: number;
  start: number | null;
  buy: number | null;
  sell: number | null;
}

/** Every row's problems and, when there are none, the slots (see the module comment). */
export function checkPriceRows(rows: readonly PriceFileRow[], timeZone: string): PriceFileCheck {
  if (rows.length === 0) throw new AppError('importFailed');
  const errors: PriceFileProblem[] = [];
  const parsed: Parsed[] = [];
  let previous: number | null = null;
  for (const { row, cells } of rows) {
    const [startText = '', buyText = '', sellText = ''] = cells;
    let start: number | null = null;
    if (startText === '') errors.push({ row, field: 'start', rule: 'required' });
    else {
      const s = parseStart(startText, timeZone);
      if ('rule' in s) errors.push({ row, field: 'start', rule: s.rule });
      else {
        start = s.zoned ? s.ms : resolveRepeated(s.ms, previous, timeZone);
        previous = start;
      }
    }
    const buyRule = buyText === '' ? 'required' : priceProblem(buyText);
    if (buyRule) errors.push({ row, field: 'buy', rule: buyRule });
    const sellRule = sellText === '' ? null : priceProblem(sellText);
    if (sellRule) errors.push({ row, field: 'sell', rule: sellRule });
    parsed.push({
      row,
      start,
      buy: buyRule ? null : roundPrice(Number(buyText)),
      sell: sellText === '' || sellRule ? null : roundPrice(Number(sellText)),
    });
  }
  const minutes = sequenceProblems(parsed, timeZone, errors);
  if (errors.length > 0 || minutes === null) return { slots: [], errors: sortProblems(errors) };
  return {
    slots: parsed.map((p) => ({ start: p.start!, minutes, buy: p.buy!, sell: p.sell })),
    errors: [],
  };
}

const FIELD_ORDER = { start: 0, buy: 1, sell: 2 } as const;
function sortProblems(errors: PriceFileProblem[]): PriceFileProblem[] {
  return errors.sort((a, b) => a.row - b.row || FIELD_ORDER[a.field] - FIELD_ORDER[b.field]);
}

/**
 * The checks between rows, on the rows whose start could be read: at most 2 plant-local days and 192 slots;
 * one slot length for the file (15, 30 or 60 minutes: the length most rows follow, so one wrong row is
 * reported rather than all the others); starts on a multiple of it; no overlap (which also catches rows out
 * of order) and no gap, except between two whole days. Returns the slot length.
 */
function sequenceProblems(parsed: Parsed[], timeZone: string, errors: PriceFileProblem[]): SlotMinutes | null {
  const timed = parsed.filter((p): p is Parsed & { start: number } => p.start !== null);
  const days: string[] = [];
  for (const [i, p] of timed.entries()) {
    const day = localTime(p.start, timeZone).day;
    if (!days.includes(day)) days.push(day);
    if (days.length > PRICE_FILE_LIMITS.days || i === PRICE_FILE_LIMITS.slots) {
      errors.push({ row: p.row, field: 'start', rule: 'priceFileDays' });
      return null;
    }
  }
  const steps = new Map<number, number>();
  for (let i = 1; i < timed.length; i++) {
    const step = (timed[i]!.start - timed[i - 1]!.start) / 60_000;
    steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  const common = [...steps.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 60;
  const minutes = SLOT_MINUTES.find((m) => m === common);
  if (minutes === undefined) {
    errors.push({ row: timed[1]?.row ?? timed[0]?.row ?? parsed[0]!.row, field: 'start', rule: 'priceSlotLength' });
    return null;
  }
  // A row off the slot grid is reported once, and its neighbours are compared with each other instead.
  const aligned = timed.filter((p) => {
    const ok = localTime(p.start, timeZone).minuteOfDay % minutes === 0 && p.start % 60_000 === 0;
    if (!ok) errors.push({ row: p.row, field: 'start', rule: 'priceSlotAlign' });
    return ok;
  });
  for (const [i, p] of aligned.entries()) {
    const local = localTime(p.start, timeZone);
    const before = aligned[i - 1];
    // Only rows next to each other in the file: across a row already reported, a "gap" would be its echo.
    if (!before || parsed.indexOf(before) !== parsed.indexOf(p) - 1) continue;
    const step = (p.start - before.start) / 60_000;
    if (step < minutes) errors.push({ row: p.row, field: 'start', rule: 'priceSlotOverlap' });
    else if (step > minutes) {
      const end = localTime(before.start + minutes * 60_000, timeZone);
      const betweenDays = end.minuteOfDay === 0 && local.minuteOfDay === 0;
      if (!betweenDays) errors.push({ row: p.row, field: 'start', rule: 'priceSlotGap' });
    }
  }
  return minutes;
}
