import { describe, expect, it } from 'vitest';
import {
  LAYOUT,
  bandColours,
  defaultPhysicalLayout,
  efficiencyBand,
  efficiencyPercent,
  maskSerial,
  nestLogicalNodes,
  nextPanelId,
  overPanelLimit,
  physicalLayoutSchema,
  type LogicalNode,
  type PhysicalPanel,
} from './layout.js';

const panel = (over: Partial<PhysicalPanel> = {}): PhysicalPanel => ({
  id: 'p1',
  x: 0,
  y: 0,
  inclination: 30,
  azimuth: 180,
  ratedW: 410,
  string: '1-1',
  number: 1,
  inverterSn: 'INV1',
  input: 1,
  ...over,
});

describe('maskSerial', () => {
  it('shows a star and the last four characters of a serial without a dash', () => {
    expect(maskSerial('INVSIM001002')).toBe('*1002');
    expect(maskSerial('GW12345678')).toBe('*5678');
  });
  it('shows a star and the four characters either side of a dash', () => {
    expect(maskSerial('ABCDEFGH-12345678')).toBe('*EFGH-1234');
    expect(maskSerial('SN2024-0001XYZ')).toBe('*2024-0001');
  });
  it('hides nothing it cannot: short serials stay as they are', () => {
    expect(maskSerial('AB12')).toBe('AB12');
    expect(maskSerial('A1-B2')).toBe('A1-B2');
    expect(maskSerial('')).toBe('');
  });
  it('keeps a short side of the dash whole', () => {
    expect(maskSerial('AB-1234567')).toBe('*AB-1234');
  });
});

describe('efficiency bands', () => {
  it('puts each 10-point step in its own band, below 10 and above 100 at the ends', () => {
    expect(efficiencyBand(0)).toBe(0);
    expect(efficiencyBand(9.9)).toBe(0);
    expect(efficiencyBand(10)).toBe(1);
    expect(efficiencyBand(55)).toBe(5);
    expect(efficiencyBand(99.9)).toBe(9);
    expect(efficiencyBand(100)).toBe(9);
    expect(efficiencyBand(100.1)).toBe(10);
    expect(efficiencyBand(-5)).toBe(0);
    expect(efficiencyBand(null)).toBeNull();
    expect(efficiencyBand(Number.NaN)).toBeNull();
  });
  it('darkens the node as efficiency rises', () => {
    const lightness = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return ((n >> 16) & 255) + ((n >> 8) & 255) + (n & 255);
    };
    const fills = Array.from({ length: 11 }, (_, b) => lightness(bandColours(b).fill));
    for (let b = 1; b < fills.length; b++) expect(fills[b]).toBeLessThan(fills[b - 1] ?? 0);
    expect(bandColours(10).text).toBe('#ffffff');
    expect(bandColours(0).text).not.toBe('#ffffff');
  });
  it('computes efficiency as actual against rated', () => {
    expect(efficiencyPercent(2050, 4100)).toBe(50);
    expect(efficiencyPercent(100, 0)).toBeNull();
    expect(efficiencyPercent(null, 400)).toBeNull();
    expect(efficiencyPercent(-3, 400)).toBe(0);
  });
});

describe('physical layout schema', () => {
  it('accepts panels on the grid with angles and power in range', () => {
    expect(physicalLayoutSchema.safeParse({ panels: [panel(), panel({ id: 'p2', x: 1 })] }).success).toBe(true);
    expect(
      physicalLayoutSchema.safeParse({ panels: [panel({ inclination: 90, azimuth: 360, ratedW: 1000 })] }).success,
    ).toBe(true);
  });
  it('refuses angles, power and cells out of range, naming the field', () => {
    const bad = (over: Partial<PhysicalPanel>) => {
      const r = physicalLayoutSchema.safeParse({ panels: [panel(over)] });
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(bad({ inclination: 91 })).toEqual(['panels.0.inclination:inclination']);
    expect(bad({ inclination: -1 })).toEqual(['panels.0.inclination:inclination']);
    expect(bad({ azimuth: 360.5 })).toEqual(['panels.0.azimuth:azimuth']);
    expect(bad({ ratedW: 5 })).toEqual(['panels.0.ratedW:ratedW']);
    expect(bad({ x: LAYOUT.gridMax })?.[0]).toMatch(/^panels\.0\.x/);
  });
  it('refuses two panels in one cell or with one id', () => {
    const r = physicalLayoutSchema.safeParse({ panels: [panel(), panel({ id: 'p2' }), panel({ x: 3 })] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(['cellTaken', 'duplicateId']);
  });
  it('counts the 99-panel limit separately from the shape', () => {
    expect(overPanelLimit(Array.from({ length: 99 }))).toBe(false);
    expect(overPanelLimit(Array.from({ length: 100 }))).toBe(true);
  });
});

describe('default physical layout', () => {
  it('makes strings of ~410 W panels per MPPT, one panel per micro input, in rows of ten', () => {
    const { panels } = defaultPhysicalLayout([
      { sn: 'INV1', micro: false, inputs: 2, pvW: 8200 },
      { sn: 'MI1', micro: true, inputs: 4, pvW: 1640 },
    ]);
    expect(panels).toHaveLength(24);
    expect(panels.filter((p) => p.string === '1-1')).toHaveLength(10);
    expect(panels.filter((p) => p.inverterSn === 'MI1').map((p) => p.input)).toEqual([1, 2, 3, 4]);
    expect(panels[10]).toMatchObject({ x: 0, y: 1, string: '1-2', ratedW: 410 });
    expect(physicalLayoutSchema.safeParse({ panels }).success).toBe(true);
  });
  it('stops at 99 panels however large the plant', () => {
    const { panels } = defaultPhysicalLayout([{ sn: 'BIG', micro: false, inputs: 8, pvW: 300_000 }]);
    expect(panels).toHaveLength(99);
    expect(new Set(panels.map((p) => `${p.x},${p.y}`)).size).toBe(99);
  });
  it('names new panels with the first free id', () => {
    expect(nextPanelId([{ id: 'p1' }, { id: 'p3' }])).toBe('p2');
  });
});

describe('nestLogicalNodes', () => {
  const node = (id: string, parentId: string | null): LogicalNode => ({
    id,
    parentId,
    kind: parentId ? 'panel' : 'root',
    label: id,
    sn: null,
    powerW: null,
    energyKwh: null,
    ratedW: null,
    efficiency: null,
    estimated: false,
  });
  it('hangs each node under its parent, keeping order', () => {
    const [root, ...rest] = nestLogicalNodes([node('r', null), node('a', 'r'), node('b', 'r'), node('c', 'a')]);
    expect(rest).toEqual([]);
    expect(root?.children.map((c) => c.id)).toEqual(['a', 'b']);
    expect(root?.children[0]?.children.map((c) => c.id)).toEqual(['c']);
  });
});
