import ExcelJS from 'exceljs';
import { localTime, MESSAGES, type Lang, type SheetHeading } from '@heliograph/shared';
import type { FastifyReply } from 'fastify';
import { AppError } from '../http/errors.js';

/**
 * Every .xlsx the console hands out (list exports, import templates): one sheet, a bold frozen heading row in
 * the caller's language (right to left in Hebrew), headings and cell words from the shared catalogues so a
 * sheet says what the page says.
 */

export type Cell = string | number | Date | null;

/** A column: its heading, and a fixed width or number format where the default does not fit its cells. */
export interface Column {
  heading: SheetHeading;
  width?: number;
  numFmt?: string;
}

export interface Sheet {
  /** The sheet's tab name (and, for `sendXlsx`, the file name). */
  name: string;
  lang: Lang;
  headings: readonly (SheetHeading | Column)[];
  rows: readonly Cell[][];
}

/** A word inside a cell (status, role, yes or no) in the caller's language; an unknown key stays as it is. */
export function word(key: string, lang: Lang): string {
  const words: Record<string, string> = MESSAGES[lang].sheetWords;
  return words[key] ?? key;
}

/** A time as the plant's clock shows it: YYYY-MM-DD HH:mm. */
export function plantClock(ms: number | null, tz: string): string {
  if (ms === null) return '';
  const t = localTime(ms, tz);
  const hh = String(Math.floor(t.minuteOfDay / 60)).padStart(2, '0');
  const mm = String(t.minuteOfDay % 60).padStart(2, '0');
  return `${t.day} ${hh}:${mm}`;
}

/** The workbook's bytes; a failure is "the file could not be generated". */
export async function xlsxBuffer(sheet: Sheet): Promise<Buffer> {
  try {
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Heliograph';
    const ws = wb.addWorksheet(sheet.name, {
      views: [{ state: 'frozen', ySplit: 1, rightToLeft: sheet.lang === 'he' }],
    });
    ws.columns = sheet.headings.map((h) => {
      const column = typeof h === 'string' ? { heading: h } : h;
      const header = MESSAGES[sheet.lang].sheetHeadings[column.heading];
      return {
        header,
        width: column.width ?? Math.max(14, header.length + 4),
        ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
      };
    });
    ws.getRow(1).font = { bold: true };
    for (const r of sheet.rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  } catch {
    throw new AppError('fileGenerationFailed');
  }
}

/** Sends a one-sheet workbook as an attachment named `<name>-<YYYYMMDD>.xlsx` (or `<name>.xlsx` undated). */
export async function sendXlsx(reply: FastifyReply, sheet: Sheet & { dated?: boolean }): Promise<FastifyReply> {
  const file = await xlsxBuffer(sheet);
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const name = sheet.dated === false ? `${sheet.name}.xlsx` : `${sheet.name}-${day}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(file);
}

/** A sheet whose headings are already words (a report's, which carry units and currencies). */
export interface WordSheet {
  name: string;
  columns: readonly { header: string; width?: number; numFmt?: string }[];
  rows: readonly Cell[][];
  /** Rows drawn bold after the others (a report's totals). */
  footer?: readonly Cell[][];
  /** Per-cell number formats that differ from the column's (an income in another currency). */
  cellFormat?: (row: number, col: number) => string | undefined;
}

/**
 * A workbook of several sheets with headings in words, the same layout as `xlsxBuffer` (bold frozen heading
 * row, right to left in Hebrew). Numbers stay numbers: units live in the headings and number formats.
 */
export async function xlsxSheetsBuffer(lang: Lang, sheets: readonly WordSheet[]): Promise<Buffer> {
  try {
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Heliograph';
    for (const sheet of sheets) {
      // Excel refuses sheet names over 31 characters or with []:*?/\.
      const ws = wb.addWorksheet(sheet.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet', {
        views: [{ state: 'frozen', ySplit: 1, rightToLeft: lang === 'he' }],
      });
      ws.columns = sheet.columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(12, c.header.length + 3),
        ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
      }));
      ws.getRow(1).font = { bold: true };
      sheet.rows.forEach((r, i) => {
        const row = ws.addRow(r);
        if (!sheet.cellFormat) return;
        r.forEach((_, col) => {
          const fmt = sheet.cellFormat?.(i, col);
          if (fmt) row.getCell(col + 1).numFmt = fmt;
        });
      });
      for (const r of sheet.footer ?? []) ws.addRow(r).font = { bold: true };
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  } catch {
    throw new AppError('fileGenerationFailed');
  }
}
