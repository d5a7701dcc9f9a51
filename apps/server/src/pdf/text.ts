import bidiModule from 'bidi-js';
import type { Lang } from '@heliograph/shared';
import { type Face, FontStack, type Weight, widthIn } from './fonts.js';

/**
 * Text setting for the PDF: line breaking, the Unicode bidirectional algorithm (UAX #9, via bidi-js) and font
 * fallback per character. pdfkit's own text() knows one font per call and no bidi, so every line is set here
 * and handed to pdfkit as runs placed at exact positions.
 *
 * A run holds one face and one direction. pdfkit lays text out word by word (it splits at spaces) and
 * shapes each word with fontkit, which reverses a word it detects as right-to-left script. So a run is handed
 * to pdfkit one word at a time, at the word's own position: a word holding Hebrew letters in logical order
 * (fontkit turns it), every other word in visual order (digits and Latin inside Hebrew keep their own order).
 */

// bidi-js is CommonJS typed with `export default`: under NodeNext the default import is module.exports, which
// is the factory itself.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

export interface TextStyle {
  size: number;
  weight: Weight;
  color: string;
}

interface Run {
  face: Face;
  /** Words as pdfkit must receive them (see above), each with its offset from the run's left edge. */
  words: { text: string; offset: number }[];
  width: number;
}

/** One laid-out line: runs from left to right, and its width in points. */
export interface SetLine {
  runs: Run[];
  width: number;
  size: number;
}

export type Align = 'start' | 'end' | 'center';

const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
/** CJK punctuation that must not start a line (a small part of UAX #14's rules, enough for report text). */
const NO_LINE_START = /[，。、；：？！）》」』】〕…％,.;:?!)\]}%]/;
const SPACE = /\s/;
const MARK = /\p{M}/u;

export class TextSetter {
  readonly rtl: boolean;
  private readonly stacks: Record<Weight, FontStack>;
  private readonly widths = new Map<string, number>();
  private readonly registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

  constructor(readonly lang: Lang) {
    this.rtl = lang === 'he';
    this.stacks = { regular: new FontStack(lang, 'regular'), bold: new FontStack(lang, 'bold') };
  }

  /** The primary face's ascent and descent (points, descent negative), for baselines and line heights. */
  metrics(style: Pick<TextStyle, 'size' | 'weight'>): { ascent: number; descent: number } {
    const f = this.stacks[style.weight].primary.font;
    return { ascent: (f.ascent / f.unitsPerEm) * style.size, descent: (f.descent / f.unitsPerEm) * style.size };
  }

  /** Width of `text` on one line. */
  measure(text: string, style: Pick<TextStyle, 'size' | 'weight'>): number {
    return this.line(text, style).width;
  }

  /** `text` on one line, never wrapped. */
  line(text: string, style: Pick<TextStyle, 'size' | 'weight'>): SetLine {
    const para = this.paragraph(text, style.weight);
    return this.setLine(para, 0, para.text.length, style);
  }

  /** `text` broken into lines no wider than `maxWidth` (a newline always breaks). */
  wrap(text: string, style: Pick<TextStyle, 'size' | 'weight'>, maxWidth: number): SetLine[] {
    const out: SetLine[] = [];
    for (const raw of text.split('\n')) {
      const para = this.paragraph(raw, style.weight);
      const part = para.text;
      let start = 0;
      let end = 0;
      // Width of [start, end) including its trailing spaces: the next word goes after them.
      let width = 0;
      for (const [ts, te] of breakTokens(part)) {
        const visible = this.widthOf(para, ts, trimEnd(part, ts, te), style.size);
        if (end > start && width + visible > maxWidth) {
          out.push(this.setLine(para, start, end, style));
          start = ts;
          width = 0;
        }
        end = te;
        width += this.widthOf(para, ts, te, style.size);
        // A word longer than the line (a serial number, a URL) is cut between characters.
        while (end - start > 1 && this.widthOf(para, start, trimEnd(part, start, end), style.size) > maxWidth) {
          let cut = start + 1;
          while (cut + 1 < end && this.widthOf(para, start, cut + 1, style.size) <= maxWidth) cut++;
          out.push(this.setLine(para, start, cut, style));
          start = cut;
          width = this.widthOf(para, start, end, style.size);
        }
      }
      out.push(this.setLine(para, start, Math.max(end, start), style));
    }
    return out;
  }

  /**
   * Draws `line` with its baseline at `baseline`, inside [x, x + width] aligned to `align` ('start' is the
   * right edge in a right-to-left document).
   */
  draw(
    doc: PDFKit.PDFDocument,
    line: SetLine,
    x: number,
    baseline: number,
    width: number,
    align: Align,
    color: string,
  ): void {
    const toRight = align === 'center' ? null : (align === 'end') !== this.rtl;
    const left = toRight === null ? x + (width - line.width) / 2 : toRight ? x + width - line.width : x;
    this.drawAt(doc, line, left, baseline, color);
  }

  /** Draws `line` starting at `left` (its visual left edge). */
  drawAt(doc: PDFKit.PDFDocument, line: SetLine, left: number, baseline: number, color: string): void {
    let cursor = left;
    doc.fillColor(color);
    for (const run of line.runs) {
      this.use(doc, run.face);
      doc.fontSize(line.size);
      for (const w of run.words) {
        doc.text(w.text, cursor + w.offset, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
      cursor += run.width;
    }
  }

  private use(doc: PDFKit.PDFDocument, face: Face): void {
    let set = this.registered.get(doc);
    if (!set) {
      set = new Set();
      this.registered.set(doc, set);
    }
    if (!set.has(face.id)) {
      doc.registerFont(face.id, face.bytes);
      set.add(face.id);
    }
    doc.font(face.id);
  }

  /** Levels of the bidi algorithm and the face of each character, for one paragraph. */
  private paragraph(raw: string, weight: Weight): Paragraph {
    const stack = this.stacks[weight];
    const text = this.drawable(raw, stack);
    const faces: Face[] = [];
    let previous: Face | undefined;
    for (const m of text.matchAll(/\S+|\s+/g)) {
      const part = m[0];
      if (/^\s/.test(part)) {
        // Spaces stay with the word before them, so a run is not cut at every space.
        for (const ch of part) {
          const cp = ch.codePointAt(0) ?? 32;
          faces.push(previous && stack.has(previous, cp) ? previous : stack.faceFor(cp));
        }
        continue;
      }
      const whole = stack.faceForWord(part);
      for (const ch of part) {
        const cp = ch.codePointAt(0) ?? 32;
        // A mark stays on its letter's face when that face has it.
        const f = whole ?? (previous && MARK.test(ch) && stack.has(previous, cp) ? previous : stack.faceFor(cp));
        // Indices are UTF-16 code units, like bidi-js's: a character outside the BMP takes two.
        for (let k = 0; k < ch.length; k++) faces.push(f);
        previous = f;
      }
    }
    const levels = bidi.getEmbeddingLevels(text, this.rtl ? 'rtl' : 'ltr');
    return { text, faces, levels };
  }

  /**
   * `text` with each character that no face has replaced by its compatibility form when that one is drawable:
   * the shipped subsets lack subscript digits, so "CO₂" prints as "CO2" rather than with a missing box.
   */
  private drawable(text: string, stack: FontStack): string {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 32;
      if (stack.covers(cp)) {
        out += ch;
        continue;
      }
      const compat = ch.normalize('NFKC');
      out += compat !== ch && [...compat].every((c) => stack.covers(c.codePointAt(0) ?? 32)) ? compat : ch;
    }
    return out;
  }

  private widthOf(para: Paragraph, start: number, end: number, size: number): number {
    let width = 0;
    let i = start;
    while (i < end) {
      const f = para.faces[i];
      let j = i + 1;
      while (j < end && para.faces[j] === f) j++;
      if (f) width += this.cachedWidth(f, para.text.slice(i, j), size);
      i = j;
    }
    return width;
  }

  private cachedWidth(f: Face, text: string, size: number): number {
    const key = `${f.id}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = widthIn(f, text, 1000);
      if (this.widths.size > 20_000) this.widths.clear();
      this.widths.set(key, w);
    }
    return (w * size) / 1000;
  }

  private setLine(para: Paragraph, start: number, end: number, style: Pick<TextStyle, 'size' | 'weight'>): SetLine {
    const last = trimEnd(para.text, start, end);
    if (last <= start) return { runs: [], width: 0, size: style.size };
    const order = bidi.getReorderedIndices(para.text, para.levels, start, last - 1).slice(start, last);
    const mirrored = bidi.getMirroredCharactersMap(para.text, para.levels.levels, start, last - 1);
    const runs: Run[] = [];
    let k = 0;
    while (k < order.length) {
      const first = order[k] ?? 0;
      const face = para.faces[first];
      const odd = ((para.levels.levels[first] ?? 0) & 1) === 1;
      let chars = '';
      while (k < order.length) {
        const i = order[k] ?? 0;
        if (para.faces[i] !== face || (((para.levels.levels[i] ?? 0) & 1) === 1) !== odd) break;
        chars += mirrored.get(i) ?? para.text[i] ?? '';
        k++;
      }
      if (!face) continue;
      const words: Run['words'] = [];
      let offset = 0;
      for (const part of chars.split(/(\s+)/)) {
        if (!part) continue;
        const text = odd && STRONG_RTL.test(part) ? [...part].reverse().join('') : part;
        if (!SPACE.test(part)) words.push({ text, offset });
        offset += this.cachedWidth(face, text, style.size);
      }
      runs.push({ face, words, width: offset });
    }
    return { runs, width: runs.reduce((s, r) => s + r.width, 0), size: style.size };
  }
}

interface Paragraph {
  text: string;
  faces: Face[];
  levels: ReturnType<typeof bidi.getEmbeddingLevels>;
}

/** The end of [start, end) without its trailing spaces. */
function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && SPACE.test(text[e - 1] ?? '')) e--;
  return e;
}

/** Break opportunities: after spaces, and around CJK characters (Chinese breaks between any two). */
function breakTokens(text: string): [number, number][] {
  const tokens: [number, number][] = [];
  let start = 0;
  for (let i = 1; i < text.length; i++) {
    const prev = text[i - 1] ?? '';
    const ch = text[i] ?? '';
    const afterSpace = SPACE.test(prev) && !SPACE.test(ch);
    const cjk = (CJK.test(prev) || CJK.test(ch)) && !SPACE.test(ch) && !NO_LINE_START.test(ch);
    if (afterSpace || cjk) {
      tokens.push([start, i]);
      start = i;
    }
  }
  if (text.length > 0) tokens.push([start, text.length]);
  return tokens;
}
