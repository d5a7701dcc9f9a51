import { AppError } from '../../../http/errors.js';

/**
 * The one file of a multipart upload with its name (a price file is told .csv from .xlsx by it). A body cut
 * short or malformed is a failed upload (1215), not a server fault; the parser's own 4xx refusals (too large,
 * not multipart) stand.
 */
export async function uploadedFile(req: {
  file: () => Promise<{ filename: string; toBuffer: () => Promise<Buffer> } | undefined>;
}): Promise<{ filename: string; bytes: Buffer }> {
  const file = await req.file().catch((e: unknown) => {
    const status = e instanceof Error && 'statusCode' in e ? Number(e.statusCode) : 0;
    throw status >= 400 && status < 500 ? e : new AppError('importFailed');
  });
  if (!file) throw new AppError('importFailed');
  try {
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (e) {
    const status = e instanceof Error && 'statusCode' in e ? Number(e.statusCode) : 0;
    throw status >= 400 && status < 500 ? e : new AppError('importFailed');
  }
}
