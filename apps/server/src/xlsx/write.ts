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
