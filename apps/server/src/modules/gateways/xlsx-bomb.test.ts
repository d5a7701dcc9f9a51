import { constants, crc32, deflateRawSync } from 'node:zlib';
import { ERROR_CODES } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { upload, xlsxOf } from '../../test/gateway-fixtures.js';
import { XLSX_READ_LIMITS, readSheetRows } from '../../xlsx/read.js';

/**
 * Zip bombs as .xlsx imports. The expanded sheet is never built: 1 MiB of zeros deflates to about 1 KB ending
 * on a byte boundary (sync flush), and since every back-reference in it points at zeros, the same piece
 * repeated n times is a valid deflate stream of n MiB. So a 1 MB upload holds a 1 GiB sheet.
 */
const MIB_OF_ZEROS = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_SYNC_FLUSH });
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

function zerosDeflated(mib: number): Buffer {
  return Buffer.concat([...Array<Buffer>(mib).fill(MIB_OF_ZEROS), FINAL_EMPTY_BLOCK]);
}

interface ZipEntry {
  name: string;
  /** Deflated bytes. */
  data: Buffer;
  /** The uncompressed size written in the headers (a bomb may lie). */
  declared: number;
  crc?: number;
}

/** The fields a local header and its central-directory record share, from "version needed" on. */
function sharedFields(header: Buffer, at: number, e: ZipEntry, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(e.crc ?? 0, at + 10);
  header.writeUInt32LE(e.data.length, at + 14);
  header.writeUInt32LE(e.declared, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A zip archive with these entries, every one deflated (method 8). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    sharedFields(local, 4, e, name.length);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    sharedFields(dir, 6, e, name.length);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

function entry(name: string, text: string): ZipEntry {
  const raw = Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(raw), declared: raw.length, crc: crc32(raw) };
}

/** A workbook whose first sheet is `sheet` (the bomb goes first in the archive, as the worst case). */
function workbook(sheet: ZipEntry): Buffer {
  return zip([
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    entry(
      'xl/workbook.xml',
      '<workbook xmlns:r="r"><sheets><sheet name="import" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    entry(
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  ]);
}

const honestBomb = (mib: number) => workbook({ name: '', data: zerosDeflated(mib), declared: mib * 2 ** 20 });
/** Declares 2 KB, inflates to `mib` MiB. */
const lyingBomb = (mib: number) => workbook({ name: '', data: zerosDeflated(mib), declared: 2048 });

function refusedAsImportFailed(bytes: Buffer): void {
  let error: unknown;
  try {
    readSheetRows(bytes, 3);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).key).toBe('importFailed');
}

/**
 * Runs `work` and reports how far memory grew meanwhile (MB): the RSS and heap sampled every few
 * milliseconds (and at the end), and the process's RSS high-water mark.
 */
async function growth(work: () => Promise<void>): Promise<{ rssMb: number; maxRssMb: number; heapMb: number }> {
  const maxRss0 = process.resourceUsage().maxRSS; // KB
  const rss0 = process.memoryUsage.rss();
  const heap0 = process.memoryUsage().heapUsed;
  let rssPeak = rss0;
  let heapPeak = heap0;
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
    sample();
  }
  return {
    rssMb: Math.round((rssPeak - rss0) / 2 ** 20),
    maxRssMb: Math.round((process.resourceUsage().maxRSS - maxRss0) / 1024),
    heapMb: Math.round((heapPeak - heap0) / 2 ** 20),
  };
}

describe('the .xlsx reader against zip bombs', () => {
  it('refuses a sheet declaring 3.5 GiB before inflating it', () => {
    const bomb = honestBomb(3584);
    console.log(`3.5 GiB sheet in a ${(bomb.length / 2 ** 20).toFixed(1)} MiB archive`);
    refusedAsImportFailed(bomb);
  });

  it('stops a sheet that declares 2 KB but inflates to 3.5 GiB at the declared size', () => {
    refusedAsImportFailed(lyingBomb(3584));
  });

  it('refuses an archive of too many entries, and a sheet of too many rows', () => {
    const many = zip(Array.from({ length: XLSX_READ_LIMITS.entries + 1 }, (_, i) => entry(`x/${i}.xml`, '<a/>')));
    refusedAsImportFailed(many);
    const row = (r: number) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>SN${r}</t></is></c></row>`;
    const rows = Array.from({ length: XLSX_READ_LIMITS.rows + 1 }, (_, i) => row(i + 1)).join('');
    refusedAsImportFailed(workbook(entry('', `<worksheet><sheetData>${rows}</sheetData></worksheet>`)));
  });

  it('refuses a cell holding a NUL byte', () => {
    const sheet =
      '<worksheet><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>GW\u00001</t></is></c></row></sheetData></worksheet>';
    refusedAsImportFailed(workbook(entry('', sheet)));
  });

  it('refuses an unclosed element instead of scanning on', () => {
    refusedAsImportFailed(workbook(entry('', `<worksheet><sheetData>${'<row r="2">'.repeat(100_000)}`)));
  });

  it('still reads what Excel writes: shared and inline strings, numbers, gaps, rich text', async () => {
    const bytes = await xlsxOf([
      ['GW0001', 'KEY0001', 'pass word1'],
      ['', '', ''],
      ['GW0002', '12345', ''],
    ]);
    expect(readSheetRows(bytes, 3)).toEqual([
      { row: 2, cells: ['GW0001', 'KEY0001', 'pass word1'] },
      { row: 4, cells: ['GW0002', '12345', ''] },
    ]);
    const inline = workbook(
      entry(
        '',
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>sn</t></is></c></row>' +
          '<row r="2"><c r="B2" t="inlineStr"><is><r><t>K&amp;</t></r><r><t xml:space="preserve">EY </t></r></is></c>' +
          '<c r="C2"><v>42</v></c></row></sheetData></worksheet>',
      ),
    );
    expect(readSheetRows(inline, 3)).toEqual([{ row: 2, cells: ['', 'K&EY', '42'] }]);
  });
});

describe('zip bombs uploaded to the imports', () => {
  const t = TestApp.forTests();
  const tokens = signInForTests(t, 'admin');

  it('are refused with "import failed" on the gateway and switch imports, with bounded memory', async () => {
    // 1 GiB sheets in 1 MiB uploads (the multipart limit is 2 MB).
    for (const [label, bomb] of [
      ['honest 1 GiB', honestBomb(1024)],
      ['lying 1 GiB', lyingBomb(1024)],
    ] as const) {
      for (const url of ['/api/v1/gateways/import/check', '/api/v1/acSwitch/import/batch/check']) {
        let code = 0;
        const used = await growth(async () => {
          code = (await upload(t, url, tokens.admin, bomb)).code;
        });
        console.log(
          `${url}, ${label} sheet in ${(bomb.length / 2 ** 20).toFixed(2)} MiB: code ${code}, ` +
            `RSS grew ${used.rssMb} MB (high-water mark ${used.maxRssMb} MB), heap grew ${used.heapMb} MB`,
        );
        expect(code).toBe(ERROR_CODES.importFailed);
        // Memory, not time: loosely bounded (the old reader needed over 1 GB for such a file).
        expect(used.rssMb).toBeLessThan(100);
        expect(used.maxRssMb).toBeLessThan(100);
      }
    }
  });
});
