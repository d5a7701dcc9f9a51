import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { PdfBlock, PdfDocument } from './document.js';
import { renderPdf } from './render.js';
import { sampleLogo } from './sample.js';

/**
 * The PDF as a reader gets it, read back with pdf.js (Mozilla's PDF reader, the legacy build that runs in
 * Node): page size, the words a text extractor finds and where they stand, the page labels, and the chart's box.
 */

type Pdf = Awaited<ReturnType<typeof getDocument>['promise']>;

interface Word {
  str: string;
  x: number;
  y: number;
}

async function open(bytes: Buffer): Promise<Pdf> {
  return getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
}

async function words(pdf: Pdf, page: number): Promise<Word[]> {
  const content = await (await pdf.getPage(page)).getTextContent();
  const out: Word[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    out.push({ str: item.str, x: Number(item.transform[4]), y: Number(item.transform[5]) });
  }
  return out;
}

async function pageText(pdf: Pdf, page: number): Promise<string> {
  return (await words(pdf, page)).map((w) => w.str).join(' ');
}

/** The names of the fonts a page uses (embedded subsets are named "ABCDEF+Family-Style"). */
async function fontNames(pdf: Pdf, page: number): Promise<string[]> {
  const p = await pdf.getPage(page);
  const ops = await p.getOperatorList();
  const names = new Set<string>();
  ops.fnArray.forEach((fn, i) => {
    if (fn !== OPS.setFont) return;
    const [id] = ops.argsArray[i] as [string];
    const font: unknown = p.commonObjs.get(id);
    if (font && typeof font === 'object' && 'name' in font && typeof font.name === 'string') names.add(font.name);
  });
  return [...names];
}

function doc(partial: Partial<PdfDocument> & Pick<PdfDocument, 'lang' | 'blocks'>): PdfDocument {
  return { title: 'Report', pageLabel: (n, t) => `${n}/${t}`, ...partial };
}

describe('renderPdf', () => {
  it('draws on A4 of spec §9 (592.28 × 841.89 pt MediaBox)', async () => {
    const pdf = await open(
      await renderPdf(doc({ lang: 'en', logo: sampleLogo(), blocks: [{ kind: 'paragraph', text: 'x' }] })),
    );
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    expect(page.view).toEqual([0, 0, 592.28, 841.89]);
  });

  it('prints Hebrew right to left: words in reading order from the right, numbers and Latin in their own order', async () => {
    const pdf = await open(
      await renderPdf(
        doc({
          lang: 'he',
          title: 'דוח תחנה חודשי 2026',
          pageLabel: (n, t) => `עמוד ${n} מתוך ${t}`,
          blocks: [
            { kind: 'heading', text: 'ייצור יומי' },
            { kind: 'paragraph', text: 'הייצור של Sunfield Depot היה 1,324.3 kWh' },
            {
              kind: 'table',
              columns: [{ label: 'תאריך' }, { label: 'אנרגיה', numeric: true }],
              rows: [['2026-11-01', '1,200.0']],
            },
          ],
        }),
      ),
    );
    const found = await words(pdf, 1);
    const at = (s: string): Word => {
      const w = found.find((f) => f.str === s);
      if (!w) throw new Error(`"${s}" not found in ${found.map((f) => f.str).join('|')}`);
      return w;
    };
    for (const s of ['דוח', 'תחנה', 'חודשי', 'ייצור', 'יומי', 'עמוד', 'מתוך', '2026', 'Sunfield', '1,324.3', 'kWh'])
      at(s);
    // The first word of a right-to-left line stands rightmost; a Latin name inside it reads left to right.
    expect(at('דוח').x).toBeGreaterThan(at('תחנה').x);
    expect(at('תחנה').x).toBeGreaterThan(at('חודשי').x);
    expect(at('ייצור').x).toBeGreaterThan(at('יומי').x);
    expect(at('Sunfield').x).toBeLessThan(at('Depot').x);
    expect(at('הייצור').x).toBeGreaterThan(at('Sunfield').x);
    expect(found.some((w) => w.str.includes('6202') || w.str.includes('3.423,1'))).toBe(false);
    // The table is mirrored: its first column on the right, its cells under their headers.
    expect(at('תאריך').x).toBeGreaterThan(at('אנרגיה').x);
    expect(at('2026-11-01').x).toBeGreaterThan(at('1,200.0').x);
    // The page label's first word at the right too.
    expect(at('עמוד').x).toBeGreaterThan(at('מתוך').x);
  });

  it('prints Chinese in the shipped CJK font, with Latin, digits and Polish letters mixed in', async () => {
    const pdf = await open(
      await renderPdf(
        doc({
          lang: 'cn',
          title: '电站月报 — 2026年11月',
          subtitle: '阳光屋顶（3 座电站，412.6 kWp）',
          pageLabel: (n, t) => `第 ${n} 页，共 ${t} 页`,
          blocks: [
            { kind: 'heading', text: '日发电量' },
            {
              kind: 'table',
              columns: [{ label: '电站' }, { label: '发电量 (kWh)', numeric: true }],
              rows: [['Łódź 仓库', '1,200.0']],
            },
          ],
        }),
      ),
    );
    const text = await pageText(pdf, 1);
    for (const s of [
      '电站月报',
      '2026年11月',
      '阳光屋顶',
      '日发电量',
      '发电量',
      'Łódź',
      '仓库',
      '1,200.0',
      '第 1 页，共 1 页',
    ]) {
      expect(text).toContain(s);
    }
    // The Chinese is set in the shipped CJK font, embedded (subset) in the file: no reader font is needed.
    expect(await fontNames(pdf, 1)).toEqual(expect.arrayContaining([expect.stringMatching(/NotoSansHans-Regular$/)]));
  });

  it('prints Vietnamese, Polish and German letters from the shipped Noto Sans', async () => {
    const lines = ['Sản lượng điện tháng này: Tiếng Việt', 'Łódź, źdźbło, żółć, Gęś', 'Müllerstraße, Größe, Übersicht'];
    const pdf = await open(
      await renderPdf(doc({ lang: 'vi', blocks: lines.map((text) => ({ kind: 'paragraph', text })) })),
    );
    const text = await pageText(pdf, 1);
    for (const line of lines) for (const word of line.split(' ')) expect(text).toContain(word);
    const fonts = await fontNames(pdf, 1);
    expect(fonts.length).toBeGreaterThan(0);
    for (const name of fonts) expect(name).toMatch(/NotoSans-(Regular|Bold)$/);
  });

  it('runs a long table onto a second page under its repeated header, pages labelled 1/2 and 2/2', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => [
      `2026-11-${String((i % 30) + 1).padStart(2, '0')} #${i + 1}`,
      `${1000 + i}.5`,
    ]);
    const pdf = await open(
      await renderPdf(
        doc({
          lang: 'en',
          blocks: [
            { kind: 'heading', text: 'Daily generation' },
            { kind: 'table', columns: [{ label: 'Day of report' }, { label: 'Energy kWh', numeric: true }], rows },
          ],
        }),
      ),
    );
    expect(pdf.numPages).toBe(2);
    const first = await pageText(pdf, 1);
    const second = await pageText(pdf, 2);
    for (const text of [first, second]) {
      expect(text).toContain('Day of report');
      expect(text).toContain('Energy kWh');
    }
    expect(first).toContain('1/2');
    expect(second).toContain('2/2');
    // Every row printed once, in order: none lost at the break, none repeated.
    const w1 = await words(pdf, 1);
    const w2 = await words(pdf, 2);
    const numbers = (ws: Word[]): number[] => ws.filter((w) => /^#\d+$/.test(w.str)).map((w) => Number(w.str.slice(1)));
    const onFirst = numbers(w1);
    const onSecond = numbers(w2);
    expect(onFirst.length).toBeGreaterThan(0);
    expect(onSecond.length).toBeGreaterThan(0);
    expect([...onFirst, ...onSecond]).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    // The header stands above the rows on page 2 (pdf.js y grows upwards).
    const header = w2.find((w) => w.str === 'Day');
    const row = w2.find((w) => w.str.includes('#45'));
    expect(header && row && header.y > row.y).toBe(true);
  });

  it('splits a table row taller than a page between pages, losing none of its lines', async () => {
    const long = Array.from({ length: 90 }, (_, i) => `line${i + 1}`).join('\n');
    const pdf = await open(
      await renderPdf(
        doc({
          lang: 'en',
          blocks: [
            {
              kind: 'table',
              columns: [{ label: 'Note' }, { label: 'kWh', numeric: true }],
              rows: [
                ['a', '1'],
                [long, '2'],
              ],
            },
          ],
        }),
      ),
    );
    expect(pdf.numPages).toBe(2);
    const seen: number[] = [];
    for (const p of [1, 2]) {
      const ws = await words(pdf, p);
      expect(ws.some((w) => w.str === 'Note')).toBe(true);
      // Nothing printed below the last row's room, that is over the footer.
      for (const w of ws.filter((w) => w.str.startsWith('line'))) {
        expect(w.y).toBeGreaterThan(52);
        seen.push(Number(w.str.slice(4)));
      }
    }
    expect(seen).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  });

  it('renders without the logo when its bytes are no image', async () => {
    const pdf = await open(
      await renderPdf(
        doc({ lang: 'en', logo: Buffer.from('not a picture'), blocks: [{ kind: 'paragraph', text: 'Body' }] }),
      ),
    );
    expect(await pageText(pdf, 1)).toContain('Body');
  });

  it('draws a chart block into a box 560 pt wide, with its labels as text', async () => {
    const chart: PdfBlock = {
      kind: 'chart',
      heightPt: 240,
      caption: 'Daily generation, kWh',
      option: {
        xAxis: { type: 'category', data: ['Mon', 'Tue', 'Wed'] },
        yAxis: { type: 'value', name: 'kWh' },
        series: [{ type: 'bar', data: [120, 200, 150] }],
      },
    };
    const pdf = await open(await renderPdf(doc({ lang: 'en', blocks: [chart] })));
    const page = await pdf.getPage(1);
    const ops = await page.getOperatorList();
    // The chart's clip: a rectangle of 560 × 240 pt, then the clip operator.
    const boxes: number[][] = [];
    ops.fnArray.forEach((fn, i) => {
      if (fn !== OPS.constructPath || ops.fnArray[i + 1] !== OPS.clip) return;
      const [kinds, coords] = ops.argsArray[i] as [number[], number[]];
      if (kinds.length === 1 && kinds[0] === OPS.rectangle) boxes.push(coords.slice(0, 4));
    });
    const box = boxes.find((b) => Math.abs((b[2] ?? 0) - 560) < 0.01);
    expect(box).toBeDefined();
    expect(box?.[3]).toBeCloseTo(240, 2);
    expect(box?.[0]).toBeCloseTo((592.28 - 560) / 2, 2);
    // Bars and axes are drawn (paths), and the labels are text in the report's font.
    expect(ops.fnArray.filter((fn) => fn === OPS.constructPath).length).toBeGreaterThan(5);
    const text = await pageText(pdf, 1);
    for (const s of ['Mon', 'Tue', 'Wed', 'kWh', '200', 'Daily generation, kWh']) expect(text).toContain(s);
  });
});
