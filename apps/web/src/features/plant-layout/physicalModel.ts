import { LAYOUT, nextPanelId, type PhysicalPanel } from '@heliograph/shared';

/** Pure steps of the roof-grid editor: moving, adding, editing and selecting panels. */

export interface GridSize {
  cols: number;
  rows: number;
}

/** The grid drawn: the panels' extent plus room to move into, within the layout's bounds. */
export function gridSize(panels: readonly PhysicalPanel[], minCols = 12, minRows = 8): GridSize {
  const maxX = panels.reduce((m, p) => Math.max(m, p.x), -1);
  const maxY = panels.reduce((m, p) => Math.max(m, p.y), -1);
  return {
    cols: Math.min(LAYOUT.gridMax, Math.max(minCols, maxX + 3)),
    rows: Math.min(LAYOUT.gridMax, Math.max(minRows, maxY + 3)),
  };
}

/**
 * Moves the chosen panels together by (dx, dy) cells. Null when any would leave the grid or land on a panel
 * that is not moving: the move is all or nothing, so a selection never comes apart.
 */
export function movePanels(
  panels: readonly PhysicalPanel[],
  ids: ReadonlySet<string>,
  dx: number,
  dy: number,
): PhysicalPanel[] | null {
  if (ids.size === 0 || (dx === 0 && dy === 0)) return null;
  const still = new Set(panels.filter((p) => !ids.has(p.id)).map((p) => `${p.x},${p.y}`));
  const out: PhysicalPanel[] = [];
  for (const p of panels) {
    if (!ids.has(p.id)) {
      out.push(p);
      continue;
    }
    const x = p.x + dx;
    const y = p.y + dy;
    if (x < 0 || y < 0 || x >= LAYOUT.gridMax || y >= LAYOUT.gridMax || still.has(`${x},${y}`)) return null;
    out.push({ ...p, x, y });
  }
  return out;
}

/** The first free cell, row by row within `cols` columns (then below everything). */
export function freeCell(panels: readonly PhysicalPanel[], cols: number): { x: number; y: number } | null {
  const taken = new Set(panels.map((p) => `${p.x},${p.y}`));
  const width = Math.min(cols, LAYOUT.gridMax);
  for (let y = 0; y < LAYOUT.gridMax; y++) for (let x = 0; x < width; x++) if (!taken.has(`${x},${y}`)) return { x, y };
  return null;
}

/**
 * A new panel like `template` (its string, wiring, angles and power; defaults without one) in the first free
 * cell. Null at the 99-panel limit or when the grid is full.
 */
export function addPanel(
  panels: readonly PhysicalPanel[],
  cols: number,
  template?: PhysicalPanel,
): PhysicalPanel[] | null {
  if (panels.length >= LAYOUT.maxPanels) return null;
  const cell = freeCell(panels, cols);
  if (!cell) return null;
  const number = panels.reduce((m, p) => Math.max(m, p.number), 0) + 1;
  const panel: PhysicalPanel = {
    id: nextPanelId(panels),
    ...cell,
    inclination: template?.inclination ?? LAYOUT.defaultInclination,
    azimuth: template?.azimuth ?? LAYOUT.defaultAzimuth,
    ratedW: template?.ratedW ?? LAYOUT.defaultPanelW,
    string: template?.string ?? '',
    number,
    // A micro inverter's input feeds exactly one panel, so a copy is not wired until someone says so.
    inverterSn: template && template.string ? template.inverterSn : null,
    input: template && template.string ? template.input : null,
  };
  return [...panels, panel];
}

export type PanelEdit = Partial<Pick<PhysicalPanel, 'inclination' | 'azimuth' | 'ratedW' | 'string'>>;

/** Applies an edit to the chosen panels, or — `wholeStrings` — to every panel of the strings they are on. */
export function editPanels(
  panels: readonly PhysicalPanel[],
  ids: ReadonlySet<string>,
  edit: PanelEdit,
  wholeStrings = false,
): PhysicalPanel[] {
  const target = wholeStrings ? stringMates(panels, ids) : ids;
  const changes = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)) as PanelEdit;
  return panels.map((p) => (target.has(p.id) ? { ...p, ...changes } : p));
}

/** The chosen panels and every panel on the same strings (panels without a string stand alone). */
export function stringMates(panels: readonly PhysicalPanel[], ids: ReadonlySet<string>): Set<string> {
  const strings = new Set(panels.filter((p) => ids.has(p.id) && p.string !== '').map((p) => p.string));
  return new Set(panels.filter((p) => ids.has(p.id) || (p.string !== '' && strings.has(p.string))).map((p) => p.id));
}

export function removePanels(panels: readonly PhysicalPanel[], ids: ReadonlySet<string>): PhysicalPanel[] {
  return panels.filter((p) => !ids.has(p.id));
}

/** Panels whose cell meets the rectangle between two cell positions (inclusive, either corner first). */
export function panelsInRect(
  panels: readonly PhysicalPanel[],
  a: { x: number; y: number },
  b: { x: number; y: number },
): string[] {
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return panels.filter((p) => p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1).map((p) => p.id);
}

/** Selection after a click: plain replaces, ctrl/⌘ toggles the panel, shift adds it. */
export function clickSelection(
  current: ReadonlySet<string>,
  id: string,
  mods: { toggle: boolean; add: boolean },
): Set<string> {
  if (mods.toggle) {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  }
  if (mods.add) return new Set([...current, id]);
  return new Set([id]);
}

/** Whether two panel lists say the same thing (the unsaved-changes check). */
export function samePanels(a: readonly PhysicalPanel[], b: readonly PhysicalPanel[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Which edit field a server field path (`panels.3.azimuth`) is about, and which panel. */
export function fieldOfPath(path: string, panels: readonly PhysicalPanel[]): { panelId: string | null; field: string } {
  const m = /^panels\.(\d+)\.(\w+)$/.exec(path);
  if (!m) return { panelId: null, field: path };
  return { panelId: panels[Number(m[1])]?.id ?? null, field: m[2] ?? path };
}
