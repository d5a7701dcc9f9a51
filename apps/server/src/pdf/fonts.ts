import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { Lang } from '@heliograph/shared';

/**
 * The fonts a PDF is drawn in, all shipped as npm packages (docs/pdf.md lists them and their licences):
 * Noto Sans (Latin, Latin Extended for Polish and German, Vietnamese, Greek, Cyrillic — Fontsource's subsets),
 * Noto Sans Hebrew (Fontsource) and Noto Sans Hans, a GB2312 subset of Noto Sans CJK SC (@embedpdf/fonts-sc).
 *
 * No single file covers every script, so each character is drawn in the first face of the reader's language's
 * stack that has a glyph for it: a Hebrew report shows its digits and Latin plant names in Noto Sans, a German
 * one a Chinese plant name in Noto Sans Hans.
 */

export type Weight = 'regular' | 'bold';

type FaceName = 'latin' | 'latinExt' | 'vietnamese' | 'greek' | 'cyrillic' | 'hebrew' | 'hans';

const require = createRequire(import.meta.url);

/** Fontsource's packages export their files; @embedpdf/fonts-sc only its entry, so its folder is found from it. */
function fontsourceFile(pkg: string, subset: string, weight: Weight): string {
  const family = pkg.split('/')[1];
  return require.resolve(`${pkg}/files/${family}-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`);
}

function hansFile(weight: Weight): string {
  const entry = require.resolve('@embedpdf/fonts-sc');
  return path.join(path.dirname(entry), '..', 'fonts', `NotoSansHans-${weight === 'bold' ? 'Bold' : 'Regular'}.otf`);
}

const FILES: Record<FaceName, (weight: Weight) => string> = {
  latin: (w) => fontsourceFile('@fontsource/noto-sans', 'latin', w),
  latinExt: (w) => fontsourceFile('@fontsource/noto-sans', 'latin-ext', w),
  vietnamese: (w) => fontsourceFile('@fontsource/noto-sans', 'vietnamese', w),
  greek: (w) => fontsourceFile('@fontsource/noto-sans', 'greek', w),
  cyrillic: (w) => fontsourceFile('@fontsource/noto-sans', 'cyrillic', w),
  hebrew: (w) => fontsourceFile('@fontsource/noto-sans-hebrew', 'hebrew', w),
  hans: hansFile,
};

const LATIN: FaceName[] = ['latin', 'latinExt', 'vietnamese', 'greek', 'cyrillic'];

/**
 * The order in which faces are tried, per language. Chinese reads best with the CJK font's own Latin and
 * digits, so Hans comes first there; Hebrew's font has no digits or Latin, which fall through to Noto Sans.
 */
const STACKS: Record<'cn' | 'he' | 'latin', FaceName[]> = {
  cn: ['hans', ...LATIN, 'hebrew'],
  he: ['hebrew', ...LATIN, 'hans'],
  latin: [...LATIN, 'hebrew', 'hans'],
};

/** One face at one weight: its bytes (handed to pdfkit, which subsets what a document uses) and a parsed copy. */
export interface Face {
  /** The name the face is registered under in a PDF document. */
  id: string;
  bytes: Buffer;
  font: fontkit.Font;
}

// Faces are read once per process: the CJK file is 8 MB, and a report server renders many documents.
const loaded = new Map<string, Face>();

function face(name: FaceName, weight: Weight): Face {
  const id = `${name}-${weight}`;
  let f = loaded.get(id);
  if (!f) {
    const bytes = readFileSync(FILES[name](weight));
    const font = fontkit.create(bytes);
    // A collection (.ttc) would need a postscript name; every file here is a single font.
    if (!('layout' in font)) throw new Error(`font ${id} is a collection`);
    f = { id, bytes, font };
    loaded.set(id, f);
  }
  return f;
}

/** A language's ordered faces at one weight, with a per-character choice that is remembered. */
export class FontStack {
  private readonly names: FaceName[];
  private readonly chosen = new Map<number, Face>();

  constructor(
    lang: Lang,
    readonly weight: Weight,
  ) {
    this.names = lang === 'cn' ? STACKS.cn : lang === 'he' ? STACKS.he : STACKS.latin;
  }

  get primary(): Face {
    return face(this.names[0] ?? 'latin', this.weight);
  }

  /** The face that draws `codePoint`: the first in the stack that has it, else the primary (a missing box). */
  faceFor(codePoint: number): Face {
    let f = this.chosen.get(codePoint);
    if (!f) {
      f = this.primary;
      for (const name of this.names) {
        const candidate = face(name, this.weight);
        if (candidate.font.hasGlyphForCodePoint(codePoint)) {
          f = candidate;
          break;
        }
      }
      this.chosen.set(codePoint, f);
    }
    return f;
  }

  /** Whether some face of the stack draws `codePoint`. */
  covers(codePoint: number): boolean {
    return this.faceFor(codePoint).font.hasGlyphForCodePoint(codePoint);
  }

  /** Whether `f` can draw `codePoint` (spaces and marks stay in the face of the text around them). */
  has(f: Face, codePoint: number): boolean {
    return f.font.hasGlyphForCodePoint(codePoint);
  }
}

/** Width in points of `text` set in one face, measured the way pdfkit will lay it out (fontkit's shaping). */
export function widthIn(f: Face, text: string, size: number): number {
  return (f.font.layout(text).advanceWidth / f.font.unitsPerEm) * size;
}
