import type { FieldRule } from '@heliograph/shared';
import { ValidationError } from '../../http/errors.js';

/** What @fastify/multipart hands a route for its one file (the text fields sent before it come with it). */
interface UploadedPart {
  filename: string;
  fields: Record<string, unknown>;
  toBuffer: () => Promise<Buffer>;
}

/** The request side of @fastify/multipart that an upload route needs. */
export interface MultipartRequest {
  isMultipart(): boolean;
  file(opts: { limits: { fileSize: number; files: number; fields: number } }): Promise<UploadedPart | undefined>;
}

export interface Upload {
  fileName: string;
  bytes: Buffer;
  /** The text fields sent before the file, by name (the first value of a repeated one). */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart upload, read whole (at most `maxBytes`), with the text fields sent before it;
 * or a field error: `tooBig` on "file" when it is larger, `required` when there is none or the body is not
 * multipart at all, `invalid` for a malformed or cut-short body (the caller's fault, never a server fault).
 * `isTooLarge` recognises the plugin's size error (`app.multipartErrors.RequestFileTooLargeError`).
 */
export async function readUpload(
  req: MultipartRequest,
  opts: { maxBytes: number; fields: number; tooBig: FieldRule; isTooLarge: (e: unknown) => boolean },
): Promise<Upload> {
  if (!req.isMultipart()) throw new ValidationError([{ field: 'file', rule: 'required' }]);
  const fail = (e: unknown): never => {
    throw new ValidationError([{ field: 'file', rule: opts.isTooLarge(e) ? opts.tooBig : 'invalid' }]);
  };
  let part: UploadedPart | undefined;
  try {
    part = await req.file({ limits: { fileSize: opts.maxBytes, files: 1, fields: opts.fields } });
  } catch (e) {
    fail(e);
  }
  if (!part) throw new ValidationError([{ field: 'file', rule: 'required' }]);
  let bytes: Buffer = Buffer.alloc(0);
  try {
    bytes = await part.toBuffer();
  } catch (e) {
    fail(e);
  }
  const fields: Record<string, string> = {};
  for (const [name, f] of Object.entries(part.fields)) {
    const one: unknown = Array.isArray(f) ? (f[0] as unknown) : f;
    if (one && typeof one === 'object' && 'value' in one && typeof one.value === 'string') fields[name] = one.value;
  }
  return { fileName: part.filename, bytes, fields };
}
