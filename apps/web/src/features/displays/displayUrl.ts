import type { DisplayStyle } from '@heliograph/shared';

/** How a display is opened: single page, one tile of the spliced wall, or rotating pages. */
export type OpenStyle = DisplayStyle;

/**
 * The address of a display in a style (spec §2.2: multione is the single-page display, multitwo the spliced
 * one; the multi-page style is the single-page route with rotating pages). `token` makes it a display link a
 * wall PC opens without an account; `tile` is the spliced wall's monitor (row, column from 1).
 */
export function displayUrl(
  id: string,
  style: OpenStyle,
  opts: { token?: string; tile?: [number, number]; origin?: string } = {},
): string {
  const q = new URLSearchParams({ id });
  if (style === 'multipage') q.set('view', 'pages');
  if (style === 'spliced') q.set('tile', `${opts.tile?.[0] ?? 1},${opts.tile?.[1] ?? 1}`);
  if (opts.token) q.set('token', opts.token);
  const path = style === 'spliced' ? '/large-screen/multitwo' : '/large-screen/multione';
  return `${opts.origin ?? ''}${path}?${q.toString()}`;
}

/** The tile a spliced screen shows, from `?tile=r,c` (1-based), kept inside the grid; the first otherwise. */
export function parseTile(value: string | null, rows: number, cols: number): [number, number] {
  const m = /^(\d+),(\d+)$/.exec(value ?? '');
  const r = Math.min(Math.max(Number(m?.[1] ?? 1), 1), rows);
  const c = Math.min(Math.max(Number(m?.[2] ?? 1), 1), cols);
  return [r, c];
}

/** The scale that fits the 1920×1080 stage in a screen, whole, keeping its shape (letterboxed). */
export function stageScale(screenW: number, screenH: number, stageW = 1920, stageH = 1080): number {
  if (screenW <= 0 || screenH <= 0) return 1;
  return Math.min(screenW / stageW, screenH / stageH);
}
