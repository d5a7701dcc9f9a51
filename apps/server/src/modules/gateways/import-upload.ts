import type { Lang } from '@heliograph/shared';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.js';
import { rowsFromCells } from './import.js';
import { readSheetRows } from '../../xlsx/read.js';
import { sendXlsx } from '../../xlsx/write.js';

/** Reads the one .xlsx file of a multipart upload (spec §5: .xls/.xlsx only, one file at a time). */
export async function uploadedRows(req: {
  file: () => Promise<{ filename: string; toBuffer: () => Promise<Buffer> } | undefined>;
}) {
  // A multipart body cut short or malformed is a failed upload, not a server fault (the parser's own 4xx
  // refusals, such as a body that is not multipart, stand).
  const file = await req.file().catch((e: unknown) => {
    const status = e instanceof Error && 'statusCode' in e ? Number(e.statusCode) : 0;
    throw status >= 400 && status < 500 ? e : new AppError('importFailed');
  });
  if (!file || !/\.xlsx$/i.test(file.filename)) throw new AppError('importFailed');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch {
    throw new AppError('importFailed');
  }
  // Serial, registration key, connection password: read by position, so a template in any language imports.
  return rowsFromCells(readSheetRows(bytes, 3));
}

/** The .xlsx template of a batch import: the three columns `uploadedRows` reads, and a row of example values. */
export function sendImportTemplate(reply: FastifyReply, lang: Lang, name: string, exampleSn: string) {
  return sendXlsx(reply, {
    name,
    lang,
    headings: ['sn', 'key', 'password'],
    rows: [[exampleSn, 'ABCD1234', 'Example2026pass']],
    dated: false,
  });
}
