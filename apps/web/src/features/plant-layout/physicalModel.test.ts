import { defaultPhysicalLayout, type PhysicalPanel } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import {
  addPanel,
  clickSelection,
  editPanels,
  fieldOfPath,
  freeCell,
  gridSize,
  movePanels,
  panelsInRect,
  removePanels,
  stringMates,
} from './physicalModel';

const { panels } = defaultPhysicalLayout([
  { sn: 'INV1', micro: false, inputs: 2, pvW: 1640 },
  { sn: 'MI1', micro: true, inputs: 2, pvW: 820 },
]);
// p1 p2 on string 1-1 at (0,0),(1,0); p3 p4 on 1-2 at (2,0),(3,0); p5 p6 micro at (4,0),(5,0)
const at = (list: PhysicalPanel[] | null, id: string) => list?.find((p) => p.id === id);

describe('moving panels', () => {
  it('moves a selection together, keeping its shape', () => {
    const moved = movePanels(panels, new Set(['p1', 'p2']), 0, 2);
    expect([at(moved, 'p1'), at(moved, 'p2')].map((p) => `${p?.x},${p?.y}`)).toEqual(['0,2', '1,2']);
    expect(at(moved, 'p3')).toEqual(at(panels, 'p3'));
  });
  it('moves nothing when one panel would land on another or leave the grid', () => {
    expect(movePanels(panels, new Set(['p1']), 1, 0)).toBeNull();
    expect(movePanels(panels, new Set(['p1']), -1, 0)).toBeNull();
    expect(movePanels(panels, new Set(['p1']), 0, 40)).toBeNull();
    // Along its own row a selection may slide into cells its own members leave.
    expect(at(movePanels(panels, new Set(['p5', 'p6']), -1, 1), 'p5')).toMatchObject({ x: 3, y: 1 });
  });
});

describe('adding, editing and removing', () => {
  it('adds a panel in the first free cell like the template, and stops at 99', () => {
    const added = addPanel(panels, 10, at(panels, 'p3'));
    expect(added?.at(-1)).toMatchObject({ id: 'p7', x: 6, y: 0, string: '1-2', number: 7, inverterSn: 'INV1' });
    const full = Array.from({ length: 99 }, (_, i) => ({
      ...panels[0]!,
      id: `p${i + 1}`,
      x: i % 10,
      y: Math.floor(i / 10),
    }));
    expect(addPanel(full, 10)).toBeNull();
    expect(freeCell(full, 10)).toEqual({ x: 9, y: 9 });
  });
  it('edits the selection, or the whole strings it touches', () => {
    const one = editPanels(panels, new Set(['p1']), { inclination: 12 });
    expect(one.filter((p) => p.inclination === 12).map((p) => p.id)).toEqual(['p1']);
    const strings = editPanels(panels, new Set(['p1']), { azimuth: 90, ratedW: undefined }, true);
    expect(strings.filter((p) => p.azimuth === 90).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(at(strings, 'p1')?.ratedW).toBe(410);
    expect([...stringMates(panels, new Set(['p3']))].sort()).toEqual(['p3', 'p4']);
  });
  it('removes the selection', () => {
    expect(removePanels(panels, new Set(['p2', 'p4'])).map((p) => p.id)).toEqual(['p1', 'p3', 'p5', 'p6']);
  });
});

describe('selection', () => {
  it('replaces, toggles with ctrl and adds with shift', () => {
    const s = new Set(['p1']);
    expect([...clickSelection(s, 'p2', { toggle: false, add: false })]).toEqual(['p2']);
    expect([...clickSelection(s, 'p2', { toggle: false, add: true })]).toEqual(['p1', 'p2']);
    expect([...clickSelection(s, 'p1', { toggle: true, add: false })]).toEqual([]);
  });
  it('selects every panel a marquee touches, drawn in any direction', () => {
    expect(panelsInRect(panels, { x: 3, y: 1 }, { x: 1, y: 0 })).toEqual(['p2', 'p3', 'p4']);
  });
  it('sizes the grid to the panels with room to spare', () => {
    expect(gridSize(panels)).toEqual({ cols: 12, rows: 8 });
    expect(gridSize([{ ...panels[0]!, x: 39, y: 20 }])).toEqual({ cols: 40, rows: 23 });
  });
  it('names the panel and field of a server error path', () => {
    expect(fieldOfPath('panels.2.azimuth', panels)).toEqual({ panelId: 'p3', field: 'azimuth' });
  });
});
