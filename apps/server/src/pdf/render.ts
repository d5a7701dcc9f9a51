import PDFDocument from 'pdfkit';
import type { Lang } from '@heliograph/shared';
import { chartSvg, drawChart } from './chart.js';
import type { PdfBlock, PdfDocument } from './document.js';
import { type Align, type SetLine, TextSetter, type TextStyle } from './text.js';

/**
 * Lays a PdfDocument out on A4 and returns the PDF's bytes.
 *
 * Geometry of spec §9: A4 is 592.28 × 841.89 pt and images are 560 pt wide, so the content column is 560 pt
 * with (592.28 − 560) / 2 on each side, and every block (text, figures, tables, charts) shares that column.
 * The first page opens with the company's logo in its 220 × 58 box (§9's logo size) and a title band; later
 * pages carry the title as a running head. Every page has its label (`doc.pageLabel(n, total)`), written
 * once the page count is known. A Hebrew document is mirrored: logo and text start on the right, table
 * columns run from the right, figures too.
 */

export const PAGE = { width: 592.28, height: 841.89 } as const;
export const CONTENT_WIDTH = 560;
export const MARGIN_X = (PAGE.width - CONTENT_WIDTH) / 2;
export const LOGO = { width: 220, height: 58 } as const;
/** A chart's height when the block names none: a bit under half its width, like the console's charts. */
export const CHART_HEIGHT = 250;

const COLOR = {
  ink: '#1F2430',
  text: '#3A3F4B',
  muted: '#6B7280',
  rule: '#E3E6EB',
  band: '#353340', // the console's theme colour (apps/web/src/kit/theme.ts)
  bandSub: '#C9CBD6',
  accent: '#F2A516',
  zebra: '#F5F7FA',
  card: '#F4F6F9',
  white: '#FFFFFF',
} as const;

const TOP_FIRST = 22;
const TOP_NEXT = 48;
const BOTTOM = PAGE.height - 52;

/**
 * Layout runs on the server's one event loop: it gives the turn back between blocks and every so many table
 * rows, so API requests are answered while a long report is laid out (DESIGN §1 "background work yields").
 */
const ROWS_PER_TURN = 40;
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** BCP 47 tags of the console's languages, for the PDF's /Lang (screen readers, text extraction). */
const PDF_LANG: Record<Lang, string> = {
  cn: 'zh-CN',
  en: 'en',
  vi: 'vi',
  po: 'pl',
  de: 'de',
  es: 'es',
  he: 'he',
  pt: 'pt',
};

export async function renderPdf(doc: PdfDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    lang: PDF_LANG[doc.lang],
    displayTitle: true,
    info: { Title: doc.title, Creator: 'Heliograph' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  await new Layout(pdf, doc).run();
  pdf.end();
  return done;
}

class Layout {
  private readonly t: TextSetter;
  private y = 0;
  /** Whether anything was drawn below the page's head (a heading at the top of a page needs no space above). */
  private fresh = true;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly doc: PdfDocument,
  ) {
    this.t = new TextSetter(doc.lang);
  }

  async run(): Promise<void> {
    this.pdf.addPage();
    this.firstHead();
    for (const block of this.doc.blocks) {
      await this.block(block);
      await breathe();
    }
    this.footers();
  }

  // ── page furniture ──────────────────────────────────────────────────────────────────────────────────────

  private firstHead(): void {
    const { pdf, doc, t } = this;
    pdf.rect(0, 0, PAGE.width, 5).fill(COLOR.accent);
    const logoTop = TOP_FIRST;
    const logoX = t.rtl ? MARGIN_X + CONTENT_WIDTH - LOGO.width : MARGIN_X;
    if (doc.logo) this.logo(doc.logo, logoX, logoTop);
    if (doc.generatedLine) {
      // Beside the logo, on the other side, centred on its box.
      const style: TextStyle = { size: 8.5, weight: 'regular', color: COLOR.muted };
      const x = t.rtl ? MARGIN_X : MARGIN_X + LOGO.width + 12;
      const width = CONTENT_WIDTH - LOGO.width - 12;
      const lines = t.wrap(doc.generatedLine, style, width);
      let baseline = logoTop + LOGO.height / 2 - ((lines.length - 1) * 12) / 2 + 3;
      for (const line of lines) {
        t.draw(pdf, line, x, baseline, width, 'end', style.color);
        baseline += 12;
      }
    }
    // The title band: the document's name in white on the console's colour, the subtitle under it.
    const pad = 14;
    const titleStyle: TextStyle = { size: 18, weight: 'bold', color: COLOR.white };
    const subStyle: TextStyle = { size: 10, weight: 'regular', color: COLOR.bandSub };
    const inner = CONTENT_WIDTH - 2 * pad;
    const titleLines = t.wrap(doc.title, titleStyle, inner);
    const subLines = doc.subtitle ? t.wrap(doc.subtitle, subStyle, inner) : [];
    const top = logoTop + LOGO.height + 14;
    const height = pad * 2 + titleLines.length * 23 + (subLines.length ? 4 + subLines.length * 14 : 0);
    pdf.roundedRect(MARGIN_X, top, CONTENT_WIDTH, height, 4).fill(COLOR.band);
    pdf.rect(t.rtl ? MARGIN_X + CONTENT_WIDTH - 4 : MARGIN_X, top, 4, height).fill(COLOR.accent);
    let baseline = top + pad + 17;
    for (const line of titleLines) {
      t.draw(pdf, line, MARGIN_X + pad, baseline, inner, 'start', titleStyle.color);
      baseline += 23;
    }
    baseline += subLines.length ? 1 : 0;
    for (const line of subLines) {
      t.draw(pdf, line, MARGIN_X + pad, baseline, inner, 'start', subStyle.color);
      baseline += 14;
    }
    this.y = top + height + 18;
    this.fresh = true;
  }

  private logo(bytes: Buffer, x: number, y: number): void {
    try {
      this.pdf.image(bytes, x, y, {
        fit: [LOGO.width, LOGO.height],
        valign: 'center',
        // Left is pdfkit's default; a Hebrew page puts the logo against the right edge of its box.
        ...(this.t.rtl ? { align: 'right' as const } : {}),
      });
    } catch {
      // An unreadable logo must not cost the user the report: the export goes on without it.
    }
  }

  private newPage(): void {
    const { pdf, doc, t } = this;
    pdf.addPage();
    pdf.rect(0, 0, PAGE.width, 3).fill(COLOR.accent);
    const style: TextStyle = { size: 8.5, weight: 'regular', color: COLOR.muted };
    const line = t.wrap(doc.title, style, CONTENT_WIDTH)[0];
    if (line) t.draw(pdf, line, MARGIN_X, 24, CONTENT_WIDTH, 'start', style.color);
    pdf
      .moveTo(MARGIN_X, 32)
      .lineTo(MARGIN_X + CONTENT_WIDTH, 32)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    this.y = TOP_NEXT;
    this.fresh = true;
  }

  private footers(): void {
    const { pdf, doc, t } = this;
    const range = pdf.bufferedPageRange();
    const style: TextStyle = { size: 8.5, weight: 'regular', color: COLOR.muted };
    for (let i = 0; i < range.count; i++) {
      pdf.switchToPage(range.start + i);
      const y = PAGE.height - 30;
      pdf
        .moveTo(MARGIN_X, y - 10)
        .lineTo(MARGIN_X + CONTENT_WIDTH, y - 10)
        .lineWidth(0.5)
        .stroke(COLOR.rule);
      const label = t.line(doc.pageLabel(i + 1, range.count), style);
      t.draw(pdf, label, MARGIN_X, y + 4, CONTENT_WIDTH, 'end', style.color);
      if (doc.generatedLine && i > 0) {
        const gen = t.line(doc.generatedLine, style);
        if (gen.width + label.width + 24 < CONTENT_WIDTH)
          t.draw(pdf, gen, MARGIN_X, y + 4, CONTENT_WIDTH, 'start', style.color);
      }
    }
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensure(height: number): void {
    if (this.y + height > BOTTOM && !(this.fresh && height > BOTTOM - TOP_NEXT)) this.newPage();
  }

  // ── blocks ──────────────────────────────────────────────────────────────────────────────────────────────

  private async block(b: PdfBlock): Promise<void> {
    switch (b.kind) {
      case 'heading':
        return this.heading(b.text);
      case 'paragraph':
        return this.paragraph(b.text);
      case 'figures':
        return this.figures(b.items);
      case 'table':
        return this.table(b.columns, b.rows);
      case 'chart':
        return this.chart(b.option, b.heightPt ?? CHART_HEIGHT, b.caption);
    }
  }

  private heading(text: string): void {
    const style: TextStyle = { size: 13, weight: 'bold', color: COLOR.ink };
    const lines = this.t.wrap(text, style, CONTENT_WIDTH - 10);
    const height = lines.length * 18;
    if (!this.fresh) this.y += 10;
    // Kept with what follows: a heading alone at the foot of a page is moved to the next.
    this.ensure(height + 60);
    const barX = this.t.rtl ? MARGIN_X + CONTENT_WIDTH - 3 : MARGIN_X;
    this.pdf.rect(barX, this.y + 2, 3, 14).fill(COLOR.accent);
    for (const line of lines) {
      this.t.draw(
        this.pdf,
        line,
        MARGIN_X + (this.t.rtl ? 0 : 10),
        this.y + 14,
        CONTENT_WIDTH - 10,
        'start',
        style.color,
      );
      this.y += 18;
    }
    this.y += 6;
    this.fresh = false;
  }

  private paragraph(text: string): void {
    const style: TextStyle = { size: 9.5, weight: 'regular', color: COLOR.text };
    const lead = 14;
    for (const line of this.t.wrap(text, style, CONTENT_WIDTH)) {
      this.ensure(lead);
      this.t.draw(this.pdf, line, MARGIN_X, this.y + 10, CONTENT_WIDTH, 'start', style.color);
      this.y += lead;
      this.fresh = false;
    }
    this.y += 8;
  }

  private figures(items: { label: string; value: string }[]): void {
    const { pdf, t } = this;
    const perRow = Math.min(4, Math.max(1, items.length));
    const gap = 8;
    const width = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
    const height = 56;
    const pad = 10;
    for (let r = 0; r * perRow < items.length; r++) {
      this.ensure(height + gap);
      items.slice(r * perRow, (r + 1) * perRow).forEach((item, i) => {
        const offset = i * (width + gap);
        const x = t.rtl ? MARGIN_X + CONTENT_WIDTH - offset - width : MARGIN_X + offset;
        pdf.roundedRect(x, this.y, width, height, 4).fill(COLOR.card);
        pdf.rect(t.rtl ? x + width - 3 : x, this.y, 3, height).fill(COLOR.accent);
        const labelStyle: TextStyle = { size: 8, weight: 'regular', color: COLOR.muted };
        const label = t.wrap(item.label, labelStyle, width - 2 * pad)[0];
        if (label) t.draw(pdf, label, x + pad, this.y + pad + 8, width - 2 * pad, 'start', labelStyle.color);
        // A long value shrinks to fit its card rather than run into the next.
        let size = 17;
        let value = t.line(item.value, { size, weight: 'bold' });
        while (value.width > width - 2 * pad && size > 9) {
          size -= 1;
          value = t.line(item.value, { size, weight: 'bold' });
        }
        t.draw(pdf, value, x + pad, this.y + height - pad - 4, width - 2 * pad, 'start', COLOR.ink);
      });
      this.y += height + gap;
      this.fresh = false;
    }
    this.y += 6;
  }

  private async table(columns: { label: string; numeric?: boolean }[], rows: string[][]): Promise<void> {
    if (columns.length === 0) return;
    const { t } = this;
    const head: TextStyle = { size: 8.5, weight: 'bold', color: COLOR.white };
    const body: TextStyle = { size: 8.5, weight: 'regular', color: COLOR.text };
    const padX = 6;
    const padY = 5;
    const lead = 11.5;
    const widths = columnWidths(t, columns, rows, head, body, padX);
    const xs: number[] = [];
    let acc = 0;
    for (const w of widths) {
      // Columns run from the right in a right-to-left document.
      xs.push(t.rtl ? MARGIN_X + CONTENT_WIDTH - acc - w : MARGIN_X + acc);
      acc += w;
    }
    const align = (c: number): Align => (columns[c]?.numeric ? 'end' : 'start');
    const setRow = (cells: string[], style: TextStyle): { lines: SetLine[][]; height: number } => {
      const lines = widths.map((w, c) => t.wrap(cells[c] ?? '', style, w - 2 * padX));
      const height = Math.max(1, ...lines.map((l) => l.length)) * lead + 2 * padY;
      return { lines, height };
    };
    const headRow = setRow(
      columns.map((c) => c.label),
      head,
    );
    /** Draws lines [from, from + count) of each cell of `row`. */
    const drawRow = (
      row: { lines: SetLine[][] },
      style: TextStyle,
      fill: string | null,
      from: number,
      count: number,
    ): void => {
      const height = count * lead + 2 * padY;
      if (fill) this.pdf.rect(MARGIN_X, this.y, CONTENT_WIDTH, height).fill(fill);
      row.lines.forEach((lines, c) => {
        let baseline = this.y + padY + 8.5;
        for (const line of lines.slice(from, from + count)) {
          t.draw(this.pdf, line, (xs[c] ?? 0) + padX, baseline, (widths[c] ?? 0) - 2 * padX, align(c), style.color);
          baseline += lead;
        }
      });
      this.y += height;
    };
    const linesOf = (row: { lines: SetLine[][] }): number => Math.max(1, ...row.lines.map((l) => l.length));
    const drawHead = (): void => drawRow(headRow, head, COLOR.band, 0, linesOf(headRow));
    const first = rows[0] ? setRow(rows[0], body) : null;
    this.ensure(headRow.height + (first?.height ?? 0));
    drawHead();
    // What a fresh page holds under the header: a row taller than that is split between its lines.
    const pageRoom = BOTTOM - TOP_NEXT - headRow.height;
    for (const [i, cells] of rows.entries()) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await breathe();
      const row = i === 0 && first ? first : setRow(cells, body);
      const total = linesOf(row);
      const fill = i % 2 === 1 ? COLOR.zebra : null;
      let from = 0;
      // Set right after a page break, so a header taller than a page cannot loop forever.
      let broke = false;
      while (from < total) {
        const room = Math.floor((BOTTOM - this.y - 2 * padY) / lead);
        const fitsWhole = this.y + row.height <= BOTTOM;
        if (!broke && (room < 1 || (from === 0 && !fitsWhole && row.height <= pageRoom))) {
          // The table goes on over the page, under its header again.
          this.newPage();
          drawHead();
          broke = true;
          continue;
        }
        const count = Math.max(1, Math.min(room, total - from));
        drawRow(row, body, fill, from, count);
        from += count;
        broke = false;
      }
    }
    this.pdf
      .moveTo(MARGIN_X, this.y)
      .lineTo(MARGIN_X + CONTENT_WIDTH, this.y)
      .lineWidth(0.75)
      .stroke(COLOR.band);
    this.y += 14;
    this.fresh = false;
  }

  private chart(option: Record<string, unknown>, height: number, caption: string | undefined): void {
    const captionStyle: TextStyle = { size: 8, weight: 'regular', color: COLOR.muted };
    const captionLines = caption ? this.t.wrap(caption, captionStyle, CONTENT_WIDTH) : [];
    this.ensure(height + captionLines.length * 11 + 6);
    const svg = chartSvg(option, CONTENT_WIDTH, height, this.t);
    this.pdf.save();
    // The chart's box, exactly 560 pt wide (spec §9): nothing of it draws outside.
    this.pdf.rect(MARGIN_X, this.y, CONTENT_WIDTH, height).clip();
    drawChart(this.pdf, svg, MARGIN_X, this.y, CONTENT_WIDTH, height, this.t);
    this.pdf.restore();
    this.y += height + 4;
    for (const line of captionLines) {
      this.t.draw(this.pdf, line, MARGIN_X, this.y + 8, CONTENT_WIDTH, 'center', captionStyle.color);
      this.y += 11;
    }
    this.y += 10;
    this.fresh = false;
  }
}

/**
 * Column widths filling the content column: each column's natural width (its widest cell on one line),
 * scaled up to fill 560 pt; when they are too wide together, figures keep their width and text columns
 * share the rest (their cells wrap).
 */
function columnWidths(
  t: TextSetter,
  columns: { label: string; numeric?: boolean }[],
  rows: string[][],
  head: TextStyle,
  body: TextStyle,
  padX: number,
): number[] {
  const natural = columns.map((col, c) => {
    let w = t.measure(col.label, head);
    for (const row of rows) w = Math.max(w, t.measure(row[c] ?? '', body));
    return w + 2 * padX;
  });
  const total = natural.reduce((s, w) => s + w, 0);
  if (total <= CONTENT_WIDTH) return natural.map((w) => (w / total) * CONTENT_WIDTH);
  const minText = 60;
  const fixed = natural.reduce((s, w, c) => s + (columns[c]?.numeric ? Math.min(w, 140) : 0), 0);
  const textNatural = natural.reduce((s, w, c) => s + (columns[c]?.numeric ? 0 : w), 0);
  const left = Math.max(CONTENT_WIDTH - fixed, 0);
  const widths = natural.map((w, c) =>
    columns[c]?.numeric ? Math.min(w, 140) : Math.max(minText, textNatural > 0 ? (w / textNatural) * left : minText),
  );
  // Whatever the rules above gave, the table is exactly the column's width.
  const sum = widths.reduce((s, w) => s + w, 0);
  return widths.map((w) => (w / sum) * CONTENT_WIDTH);
}
