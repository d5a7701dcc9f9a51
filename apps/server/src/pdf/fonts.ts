import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { Lang } from '@heliograph/shared';

/**
 * The fonts a PDF is drawn in, all shipped as npm packages (docs/pdf.md lists them and their licences):
 * Noto Sans (Latin with Polish, German and Vietnamese letters, Greek, Cyrillic, sub- and superscripts), Noto
 * Sans Hebrew and Noto Sans Hans, a GB2312 subset of Noto Sans CJK SC (the 6,763 common simplified
 * characters and their punctuation).
 *
 * No single file covers every script, so each word is drawn in the first face of the reader's language's
 * stack that has all its characters (a Hebrew report shows its digits and Latin plant names in Noto Sans, a
 * Chinese one "Łódź" wholly in Noto Sans rather than letters from two designs), and a word that no face
 * covers whole falls back character by character.
 */

export type Weight = 'regular' | 'bold';

type FaceName = 'noto' | 'hebrew' | 'hans';

const require = createRequire(import.meta.url);

const FILES: Record<FaceName, (weight: Weight) => string> = {
  noto: (w) =>
    require.resolve(
      w === 'bold'
        ? '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'
        : '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    ),
  hebrew: (w) =>
    require.resolve(
      `@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-${w === 'bold' ? 700 : 400}-normal.woff`,
    ),
  // @embedpdf/fonts-sc exports only its entry module; the fonts sit in a folder beside it.
  hans: (w) =>
    path.join(
      path.dirname(require.resolve('@embedpdf/fonts-sc')),
      '..',
      'fonts',
      `NotoSansHans-${w === 'bold' ? 'Bold' : 'Regular'}.otf`,
    ),
};

/**
 * The order in which faces are tried, per language. Chinese reads best with the CJK font's own Latin and
 * digits, so Hans comes first there; Hebrew's font has no digits or Latin, which fall through to Noto Sans.
 */
const STACKS: Record<'cn' | 'he' | 'latin', FaceName[]> = {
  cn: ['hans', 'noto', 'hebrew'],
  he: ['hebrew', 'noto', 'hans'],
  latin: ['noto', 'hebrew', 'hans'],
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
    return face(this.names[0] ?? 'noto', this.weight);
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

  /** The first face that has every character of `word`, if one does. */
  faceForWord(word: string): Face | undefined {
    for (const name of this.names) {
      const candidate = face(name, this.weight);
      let all = true;
      for (const ch of word) {
        if (!candidate.font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 32)) {
          all = false;
          break;
        }
      }
      if (all) return candidate;
    }
    return undefined;
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
