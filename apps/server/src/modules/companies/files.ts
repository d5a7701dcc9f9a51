import { LOGO_SIZES, pictureTypeOf, type LogoKind } from '@heliograph/shared';

/**
 * What the company's uploads are, read from their bytes, never from the name or the type the browser claims:
 * a logo's pixel size from the PNG IHDR chunk or the JPEG SOF segment (no image library needed for that), and
 * a manual's family from its magic number.
 */

export interface PixelSize {
  width: number;
  height: number;
}

/** A PNG's size: the IHDR chunk is always first, width and height big-endian at bytes 16 and 20. */
function pngSize(b: Buffer): PixelSize | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * A JPEG's size: walk the segments from SOI to the first start-of-frame (SOF0–SOF15 but DHT C4, JPG C8 and
 * DAC CC), whose payload holds precision, height and width.
 */
function jpegSize(b: Buffer): PixelSize | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (at + 9 > b.length) return null;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The image's type and pixel size, or null when it is neither a readable PNG nor a readable JPEG. */
export function imageOf(bytes: Buffer): { type: 'image/png' | 'image/jpeg'; size: PixelSize } | null {
  const type = pictureTypeOf(bytes.subarray(0, 8));
  if (!type) return null;
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size ? { type, size } : null;
}

export function logoFits(which: LogoKind, size: PixelSize): boolean {
  const want = LOGO_SIZES[which];
  return size.width === want.width && size.height === want.height;
}

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const OFFICE_OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/**
 * A manual's content type, or null when it is not a document a company may hand its customers: PDF and
 * JPG/PNG by their magic numbers; office documents by their container (ZIP for OOXML and OpenDocument, OLE2
 * for the old formats) together with a matching extension, since the container alone does not say which.
 */
export function manualTypeOf(bytes: Buffer, fileName: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return ext === 'pdf' ? 'application/pdf' : null;
  const picture = pictureTypeOf(bytes.subarray(0, 8));
  if (picture) return (picture === 'image/png' ? ext === 'png' : ext === 'jpg' || ext === 'jpeg') ? picture : null;
  const zip = bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
  if (zip) return OFFICE_ZIP[ext] ?? null;
  const ole = bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1;
  if (ole) return OFFICE_OLE[ext] ?? null;
  return null;
}

/** A file name safe for a Content-Disposition header (RFC 6266: ASCII fallback plus the UTF-8 form). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
