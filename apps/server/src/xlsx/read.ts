import { inflateRawSync } from 'node:zlib';
import { AppError } from '../http/errors.js';

/**
 * Reads an uploaded .xlsx import (gateways, switches) without trusting it. An .xlsx is a zip archive, and a
 * 2 MB archive can hold a sheet that inflates to gigabytes: so the central directory is read first and an
 * archive with too many entries or too large declared sizes is refused before anything is inflated; each
 * entry we need is then inflated with a hard output cap (an entry that lies about its size is stopped at the
 * cap), and the sheet is walked with limits on rows and cells. Any breach is "import failed, file empty or
 * content error" (spec §5).
 */
export const XLSX_READ_LIMITS = {
  /** A workbook saved by Excel, LibreOffice or ExcelJS has 10 to 30 entries. */
  entries: 200,
  /** Declared uncompressed size of one entry, and of the whole archive. */
  entryBytes: 16 * 1024 * 1024,
  totalBytes: 48 * 1024 * 1024,
  /** Rows and cells walked in the first sheet (an import holds at most 500 rows of 3 columns). */
  rows: 10_000,
  cells: 100_000,
} as const;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const fail = (): never => {
  throw new AppError('importFailed');
};

/** The archive's table of contents, from the end-of-central-directory record. */
function centralDirectory(zip: Buffer): Entry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail();
  const count = zip.readUInt16LE(eocd + 10);
  const dirSize = zip.readUInt32LE(eocd + 12);
  const dirOffset = zip.readUInt32LE(eocd + 16);
  // 0xFFFF / 0xFFFFFFFF mean a zip64 archive: never needed for an import, refused.
  if (count === 0xffff || count > XLSX_READ_LIMITS.entries || dirOffset + dirSize > eocd) fail();
  const entries: Entry[] = [];
  let total = 0;
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || zip.readUInt32LE(p) !== 0x02014b50) fail();
    const nameLength = zip.readUInt16LE(p + 28);
    const entry: Entry = {
      flags: zip.readUInt16LE(p + 8),
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
    };
    total += entry.size;
    if (entry.size > XLSX_READ_LIMITS.entryBytes || total > XLSX_READ_LIMITS.totalBytes) fail();
    entries.push(entry);
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return entries;
}

/** One entry's bytes, never more than it declared (so never more than the limits above). */
function inflate(zip: Buffer, e: Entry): Buffer {
  if (e.flags & 1) fail(); // encrypted
  const p = e.localOffset;
  if (p + 30 > zip.length || zip.readUInt32LE(p) !== 0x04034b50) fail();
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  const data = zip.subarray(start, start + e.compressedSize);
  if (data.length !== e.compressedSize) fail();
  let out: Buffer;
  if (e.method === 0) out = data;
  else if (e.method === 8) {
    try {
      // One byte more than declared: an entry that inflates beyond its declared size stops there and is refused.
      out = inflateRawSync(data, { maxOutputLength: e.size + 1 });
    } catch {
      return fail();
    }
  } else return fail();
  if (out.length !== e.size) fail();
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, k: string) => {
    if (k[0] !== '#') return ENTITIES[k.toLowerCase()] ?? m;
    const code = k[1] === 'x' || k[1] === 'X' ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The elements `<tag …>body</tag>` or `<tag …/>` of a piece of XML, in order, found with `indexOf` so a
 * hostile sheet (unclosed tags, millions of them) costs linear time; an unclosed element fails the import.
 */
function* elements(xml: string, tag: string): Generator<{ attrs: string; body: string }> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let i = 0;
  while ((i = xml.indexOf(open, i)) >= 0) {
    // `<c` must not match `<col`: the name ends at a space, `>` or `/`.
    const next = xml[i + open.length] ?? '';
    if (!/[\s>/]/.test(next)) {
      i += open.length;
      continue;
    }
    const end = xml.indexOf('>', i);
    if (end < 0) fail();
    const attrs = xml.slice(i + open.length, end);
    if (attrs.endsWith('/')) {
      yield { attrs: attrs.slice(0, -1), body: '' };
      i = end + 1;
      continue;
    }
    const stop = xml.indexOf(close, end);
    if (stop < 0) fail();
    yield { attrs, body: xml.slice(end + 1, stop) };
    i = stop + close.length;
  }
}

/** The text of every `<t>` inside (rich text runs joined), phonetic hints (`<rPh>`) left out. */
function texts(xml: string): string {
  const [head = '', ...rest] = xml.split('<rPh');
  const plain = head + rest.map((part) => part.slice(part.indexOf('</rPh>') + 6)).join('');
  let out = '';
  for (const t of elements(plain, 't')) out += unescapeXml(t.body);
  return out;
}

function attr(attrs: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
}

/** Column number (A = 1) of a cell reference like `C12`. */
function column(ref: string | undefined): number | undefined {
  const letters = ref ? /^([A-Z]{1,3})\d*$/i.exec(ref)?.[1] : undefined;
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** The path of the workbook's first sheet (its order in workbook.xml), as the console's readers always took. */
function firstSheetPath(files: Map<string, Entry>, zip: Buffer): string {
  const workbook = files.get('xl/workbook.xml');
  const rels = files.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = elements(inflate(zip, workbook).toString('utf8'), 'sheet').next().value;
    const id = sheet ? attr(sheet.attrs, 'r:id') : undefined;
    for (const rel of elements(inflate(zip, rels).toString('utf8'), 'Relationship')) {
      if (attr(rel.attrs, 'Id') !== id) continue;
      const target = attr(rel.attrs, 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

/** The first sheet's rows below the heading row, each as its first `columns` cells as trimmed texts. */
export function readSheetRows(zip: Buffer, columns: number): { row: number; cells: string[] }[] {
  const files = new Map(centralDirectory(zip).map((e) => [e.name, e]));
  const sheet = files.get(firstSheetPath(files, zip)) ?? fail();
  const sharedEntry = files.get('xl/sharedStrings.xml');
  const shared: string[] = [];
  if (sharedEntry) {
    for (const si of elements(inflate(zip, sharedEntry).toString('utf8'), 'si')) {
      shared.push(texts(si.body));
      if (shared.length > XLSX_READ_LIMITS.cells) fail();
    }
  }
  const xml = inflate(zip, sheet).toString('utf8');
  const out: { row: number; cells: string[] }[] = [];
  let rows = 0;
  let cellCount = 0;
  for (const r of elements(xml, 'row')) {
    if (++rows > XLSX_READ_LIMITS.rows) fail();
    const n = Number(attr(r.attrs, 'r') ?? rows);
    const cells = Array.from({ length: columns }, () => '');
    let position = 0;
    for (const c of elements(r.body, 'c')) {
      if (++cellCount > XLSX_READ_LIMITS.cells) fail();
      const attrs = c.attrs;
      const col = column(attr(attrs, 'r')) ?? position + 1;
      position = col;
      if (col > columns) continue;
      const body = c.body;
      const type = attr(attrs, 't');
      const v = elements(body, 'v').next().value?.body;
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = texts(body);
      else if (type === 'b') text = v === '1' ? 'true' : v === '0' ? 'false' : '';
      else if (type === 'str' || type === 'e') text = unescapeXml(v ?? '');
      else if (v !== undefined) text = Number.isFinite(Number(v)) ? String(Number(v)) : unescapeXml(v);
      // PostgreSQL text cannot hold NUL: a cell with one is content error, not a fault later.
      if (text.includes('\u0000')) fail();
      cells[col - 1] = text.trim();
    }
    if (n === 1 || cells.every((v) => v === '')) continue;
    out.push({ row: n, cells });
  }
  return out;
}
