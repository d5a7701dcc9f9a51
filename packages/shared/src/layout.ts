/**
 * Panel layouts of a plant (spec §2.3, §3 "Plant layout panel", §5 "At most 99 panels"): the rules the
 * layout page and the server share — serial masking, efficiency colour bands, the physical layout's shape
 * and bounds, the default arrangement, and the logical tree's node shape.
 */
import { z } from 'zod';
import { LIMITS } from './rules.js';

export const LAYOUT = {
  /** Width of a logical-tree node, px (spec §2.3). */
  nodeWidth: 76,
  maxPanels: LIMITS.panelsPerLayout,
  inclinationMin: 0,
  inclinationMax: 90,
  azimuthMin: 0,
  azimuthMax: 360,
  /** One module's nameplate, W: from a tiny 10 W module to the largest bifacial ones on sale. */
  ratedMinW: 10,
  ratedMaxW: 1000,
  /** The roof grid is at most this many cells each way (99 panels fit with room to arrange them). */
  gridMax: 40,
  /** A module when nothing else is known (the default layout splits a string's peak into modules of about this size). */
  defaultPanelW: 410,
  /** Columns of the default arrangement before it wraps to the next row. */
  defaultColumns: 10,
  /** Panels face south, tilted like a typical pitched roof, until someone says otherwise. */
  defaultInclination: 30,
  defaultAzimuth: 180,
  /** Past this, a body is refused as malformed (code 4) rather than over the panel limit (1219). */
  bodyPanelsMax: 1000,
} as const;

export const LAYOUT_TYPES = ['logical', 'physical'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export const LAYOUT_PERIODS = ['day', 'month', 'year', 'total'] as const;
export type LayoutPeriod = (typeof LAYOUT_PERIODS)[number];

/**
 * A serial number as the layouts display it (spec §2.3): a star plus the last four characters, or — when
 * the serial has a dash — a star plus the four characters before and after the first dash. Serials of four
 * characters or fewer hide nothing, so they are shown as they are.
 */
export function maskSerial(sn: string): string {
  const dash = sn.indexOf('-');
  if (dash >= 0) {
    const before = sn.slice(Math.max(0, dash - 4), dash);
    const after = sn.slice(dash + 1, dash + 5);
    const hidden = dash - before.length + (sn.length - dash - 1 - after.length);
    return hidden > 0 ? `*${before}-${after}` : sn;
  }
  return sn.length > 4 ? `*${sn.slice(-4)}` : sn;
}

/** Efficiency bands: 0 is below 10 %, 1 is 10–20 % … 9 is 90–100 %, 10 is above 100 %. */
export const EFFICIENCY_BANDS = 11;

/** The 10-point band of an efficiency percentage, or null when there is no figure. */
export function efficiencyBand(percent: number | null | undefined): number | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  if (percent > 100) return 10;
  return Math.min(9, Math.max(0, Math.floor(percent / 10)));
}

/**
 * Node colours by band, light to dark (the node darkens as efficiency rises); text on bands from
 * `darkFromBand` on is white for contrast (WCAG AA against each fill).
 */
export const BAND_COLOURS = [
  '#e8f4fd',
  '#cfe8fb',
  '#b3daf7',
  '#94caf2',
  '#6fb5ea',
  '#4a9fe0',
  '#2f86cc',
  '#1f6fb3',
  '#175a96',
  '#104579',
  '#0a2f57',
] as const;
/**
 * From this band on the text is white: white on bands 5 and 6 (#4a9fe0, #2f86cc) reads at only 2.9 and 3.9 to 1,
 * so they keep dark text, which must be near black: #111 reads at 4.9 to 1 on #2f86cc, where #1f1f1f read at
 * only 4.2 (axe, the embedded layout's legend; WCAG AA needs 4.5).
 */
export const BAND_DARK_FROM = 7;
/** A node without data. */
export const NO_DATA_COLOUR = '#f0f0f0';

export function bandColours(band: number | null): { fill: string; text: string } {
  if (band === null) return { fill: NO_DATA_COLOUR, text: '#434343' };
  return { fill: BAND_COLOURS[band] ?? NO_DATA_COLOUR, text: band >= BAND_DARK_FROM ? '#ffffff' : '#111111' };
}

/** Actual against rated, in percent (one decimal), or null without a rating or a reading. */
export function efficiencyPercent(actual: number | null | undefined, rated: number | null | undefined): number | null {
  if (actual === null || actual === undefined || !rated || rated <= 0) return null;
  return Math.round((Math.max(0, actual) / rated) * 1000) / 10;
}

// Each refusal carries a message key the layout page translates (and the server's code 4 names the field).
const between = (min: number, max: number, key: string) =>
  z.number({ error: key }).refine((v) => Number.isFinite(v) && v >= min && v <= max, { message: key });

export const panelIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);

/** One panel on the roof grid: spec §3 "Plant layout panel" plus where it sits and what feeds its data. */
export const physicalPanelSchema = z.object({
  id: panelIdSchema,
  x: z
    .number()
    .int()
    .min(0)
    .max(LAYOUT.gridMax - 1),
  y: z
    .number()
    .int()
    .min(0)
    .max(LAYOUT.gridMax - 1),
  inclination: between(LAYOUT.inclinationMin, LAYOUT.inclinationMax, 'inclination'),
  azimuth: between(LAYOUT.azimuthMin, LAYOUT.azimuthMax, 'azimuth'),
  ratedW: between(LAYOUT.ratedMinW, LAYOUT.ratedMaxW, 'ratedW'),
  /** The string (tandem) the panel is wired into, as the installer names it. */
  string: z.string().max(32),
  /** The panel's number within the layout. */
  number: z.number().int().min(1).max(9999),
  /** The inverter and its input (MPPT, or a micro inverter's panel port, 1-based) the panel is wired to. */
  inverterSn: z.string().max(64).nullable(),
  input: z.number().int().min(1).max(64).nullable(),
});
export type PhysicalPanel = z.infer<typeof physicalPanelSchema>;

/**
 * A physical layout as saved. At most `bodyPanelsMax` panels parse; the 99-panel rule is checked after
 * parsing (`overPanelLimit`) because it has its own message (spec §8 "panel count limit (99) reached").
 * Two panels may not share an id or a cell.
 */
export const physicalLayoutSchema = z
  .object({ panels: z.array(physicalPanelSchema).max(LAYOUT.bodyPanelsMax) })
  .superRefine((layout, ctx) => {
    const ids = new Set<string>();
    const cells = new Set<string>();
    layout.panels.forEach((p, i) => {
      if (ids.has(p.id)) ctx.addIssue({ code: 'custom', path: ['panels', i, 'id'], message: 'duplicateId' });
      ids.add(p.id);
      const cell = `${p.x},${p.y}`;
      if (cells.has(cell)) ctx.addIssue({ code: 'custom', path: ['panels', i, 'x'], message: 'cellTaken' });
      cells.add(cell);
    });
  });
export type PhysicalLayout = z.infer<typeof physicalLayoutSchema>;

export const overPanelLimit = (panels: readonly unknown[]): boolean => panels.length > LAYOUT.maxPanels;

/** The saved logical arrangement: which nodes are folded away. */
export const logicalLayoutSchema = z.object({
  collapsed: z.array(z.string().max(160)).max(2000),
});
export type LogicalLayout = z.infer<typeof logicalLayoutSchema>;

/** What the default layout needs to know about each PV inverter. */
export interface LayoutInverter {
  sn: string;
  micro: boolean;
  /** MPPT inputs (a micro inverter: one per panel). */
  inputs: number;
  /** Panels' peak on this inverter, W. */
  pvW: number;
}

/**
 * The arrangement offered when none is saved: each inverter input becomes a string of panels of about
 * `defaultPanelW` (a micro inverter's input is one panel), laid left to right in rows of `defaultColumns`,
 * one string after another, and cut at the 99-panel limit.
 */
export function defaultPhysicalLayout(inverters: readonly LayoutInverter[]): PhysicalLayout {
  const panels: PhysicalPanel[] = [];
  let cursor = 0;
  inverters.forEach((inv, invIndex) => {
    const inputs = Math.max(1, inv.inputs);
    const inputW = inv.pvW > 0 ? inv.pvW / inputs : LAYOUT.defaultPanelW;
    for (let input = 1; input <= inputs; input++) {
      const count = inv.micro ? 1 : Math.max(1, Math.round(inputW / LAYOUT.defaultPanelW));
      const ratedW = Math.round(Math.min(LAYOUT.ratedMaxW, Math.max(LAYOUT.ratedMinW, inputW / count)));
      for (let k = 0; k < count && panels.length < LAYOUT.maxPanels; k++) {
        const n = panels.length + 1;
        panels.push({
          id: `p${n}`,
          x: cursor % LAYOUT.defaultColumns,
          y: Math.floor(cursor / LAYOUT.defaultColumns),
          inclination: LAYOUT.defaultInclination,
          azimuth: LAYOUT.defaultAzimuth,
          ratedW,
          string: inv.micro ? `${invIndex + 1}` : `${invIndex + 1}-${input}`,
          number: n,
          inverterSn: inv.sn,
          input,
        });
        cursor++;
      }
    }
  });
  return { panels };
}

/** A free id for a new panel (p1, p2 … the first not taken). */
export function nextPanelId(panels: readonly { id: string }[]): string {
  const taken = new Set(panels.map((p) => p.id));
  for (let n = 1; ; n++) if (!taken.has(`p${n}`)) return `p${n}`;
}

/**
 * Logical tree nodes (spec §2.3): root → inverter → string (an MPPT input: panels in series, the spec's
 * "tandem") → panel; a micro inverter's panels hang straight off it. Sent flat with parent ids.
 */
export const LOGICAL_NODE_KINDS = ['root', 'inverter', 'string', 'panel'] as const;
export type LogicalNodeKind = (typeof LOGICAL_NODE_KINDS)[number];

export const logicalNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(LOGICAL_NODE_KINDS),
  /** Inverter serial, MPPT number or panel number — the page masks serials. */
  label: z.string(),
  sn: z.string().nullable(),
  powerW: z.number().nullable(),
  energyKwh: z.number().nullable(),
  ratedW: z.number().nullable(),
  efficiency: z.number().nullable(),
  /** Power and energy split from the parent (no per-panel meter) rather than measured. */
  estimated: z.boolean(),
});
export type LogicalNode = z.infer<typeof logicalNodeSchema>;

export interface LogicalTreeNode extends LogicalNode {
  children: LogicalTreeNode[];
}

/** Nests the flat node list into trees (roots first, children in the order given). */
export function nestLogicalNodes(nodes: readonly LogicalNode[]): LogicalTreeNode[] {
  const byId = new Map<string, LogicalTreeNode>();
  for (const n of nodes) byId.set(n.id, { ...n, children: [] });
  const roots: LogicalTreeNode[] = [];
  for (const n of nodes) {
    const node = byId.get(n.id);
    if (!node) continue;
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
