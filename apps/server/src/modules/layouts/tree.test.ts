import { defaultPhysicalLayout, nestLogicalNodes } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { buildLogicalTree, type TreeInverter } from './tree.js';

/** A two-input inverter reading `mppt` W on its inputs now (the PV power is their sum). */
const twoInputs = (
  sn: string,
  micro: boolean,
  pvW: number,
  mppt: [number, number],
  energyKwh: number,
): TreeInverter => ({
  sn,
  micro,
  inputs: 2,
  pvW,
  metrics: { p_pv: mppt[0] + mppt[1], mppt1_p: mppt[0], mppt2_p: mppt[1] },
  energyKwh,
});
const stringInverter = twoInputs('INV0001', false, 1640, [600, 300], 10);
const micro = twoInputs('MI0001', true, 820, [410, 90], 4);

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
