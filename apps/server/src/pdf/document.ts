import type { Lang } from '@heliograph/shared';

/**
 * What a PDF export says, independent of how it is drawn: reports (issue 16) build one of these, and
 * `renderPdf` in render.ts lays it out on A4 (spec §9: 592.28 × 841.89 pt, images 560 pt wide) with page
 * numbers, the company's logo and the reader's language (Hebrew right to left, Chinese in a shipped CJK font).
 * Every text here is already translated and formatted; the renderer adds no words of its own but those of
 * `pageLabel`.
 */
export interface PdfDocument {
  lang: Lang;
  title: string;
  /** A line under the title: the plants, the period. */
  subtitle?: string;
  /** The company's logo (PNG or JPEG bytes); none draws no logo. */
  logo?: Buffer;
  /** "Generated 2026-11-27 06:00 (Europe/Berlin)", already formatted. */
  generatedLine?: string;
  /** The footer of each page: `pageLabel(3, 7)` → "Page 3 of 7". */
  pageLabel: (page: number, pages: number) => string;
  blocks: PdfBlock[];
}

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A row of large figures with their labels: "Energy 12,345 kWh", "PR 81.2 %". */
  | { kind: 'figures'; items: { label: string; value: string }[] }
  /** A table; cells are formatted text. `numeric` columns align to the end (right, or left in Hebrew). */
  | { kind: 'table'; columns: { label: string; numeric?: boolean }[]; rows: string[][] }
  /**
   * A chart drawn from an ECharts option (rendered on the server as SVG, placed 560 pt wide). Plain data only:
   * no functions, since the option is built for print, not for interaction.
   */
  | { kind: 'chart'; option: Record<string, unknown>; heightPt?: number; caption?: string };
