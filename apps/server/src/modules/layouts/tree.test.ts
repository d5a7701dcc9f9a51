import { defaultPhysicalLayout, nestLogicalNodes } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { buildLogicalTree, type TreeInverter } from './tree.js';

const stringInverter: TreeInverter = {
  sn: 'INV0001',
  micro: false,
  inputs: 2,
  pvW: 1640,
  metrics: { p_pv: 900, mppt1_p: 600, mppt2_p: 300 },
  energyKwh: 10,
};
const micro: TreeInverter = {
  sn: 'MI0001',
  micro: true,
  inputs: 2,
  pvW: 820,
  metrics: { p_pv: 500, mppt1_p: 410, mppt2_p: 90 },
  energyKwh: 4,
};

describe('buildLogicalTree', () => {
  const panels = defaultPhysicalLayout([stringInverter, micro]).panels;
  const nodes = buildLogicalTree({ id: 'P', name: 'Roof' }, [stringInverter, micro], panels);
  const byId = new Map(nodes.map((n) => [n.id, n]));

  it('nests root → inverter → string → panel, and a micro inverter’s panels straight under it', () => {
    const [root] = nestLogicalNodes(nodes);
    expect(root?.kind).toBe('root');
    expect(root?.children.map((c) => c.label)).toEqual(['INV0001', 'MI0001']);
    const strings = root?.children[0]?.children ?? [];
    expect(strings.map((s) => s.kind)).toEqual(['string', 'string']);
    expect(strings[0]?.children.map((c) => c.kind)).toEqual(['panel', 'panel']);
    expect(root?.children[1]?.children.map((c) => c.kind)).toEqual(['panel', 'panel']);
  });

  it('sums power and energy at the root and rates efficiency as power against peak', () => {
    const root = nodes[0];
    expect(root).toMatchObject({ powerW: 1400, energyKwh: 14, ratedW: 2460 });
    expect(root?.efficiency).toBeCloseTo(56.9, 1);
    expect(byId.get('inv:INV0001:s1')).toMatchObject({ powerW: 600, ratedW: 820, efficiency: 73.2, energyKwh: 5 });
  });

  it('gives a micro panel its input’s measured power, and shares a string’s power among its panels', () => {
    const microPanels = nodes.filter((n) => n.parentId === 'inv:MI0001');
    expect(microPanels.map((n) => n.powerW)).toEqual([410, 90]);
    expect(microPanels[0]?.efficiency).toBe(100);
    const onString = nodes.filter((n) => n.parentId === 'inv:INV0001:s1');
    expect(onString.map((n) => n.powerW)).toEqual([300, 300]);
    expect(onString.every((n) => n.estimated)).toBe(true);
  });

  it('shows no power for an offline inverter, but keeps its energy', () => {
    const [root, inv] = buildLogicalTree({ id: 'P', name: 'Roof' }, [{ ...stringInverter, metrics: null }], []);
    expect(root).toMatchObject({ powerW: null, efficiency: null, energyKwh: 10 });
    expect(inv).toMatchObject({ powerW: null, energyKwh: 10 });
  });
});
