import { describe, expect, it } from 'vitest';
import { branchPath, flowLayout } from './flowLayout';

describe('flow diagram layout', () => {
  it('puts the grid left and home right, and mirrors them right to left', () => {
    const ltr = flowLayout(true, false);
    const rtl = flowLayout(true, true);
    expect(ltr.nodes.grid!.x).toBeLessThan(ltr.hub.x);
    expect(ltr.nodes.load!.x).toBeGreaterThan(ltr.hub.x);
    expect(rtl.nodes.grid!.x).toBeGreaterThan(rtl.hub.x);
    expect(rtl.nodes.load!.x).toBeLessThan(rtl.hub.x);
    expect(ltr.nodes.pv!.label.anchor).toBe('start');
    expect(rtl.nodes.pv!.label.anchor).toBe('end');
    expect(rtl.nodes.pv!.label.x).toBeLessThan(rtl.hub.x);
  });

  it('leaves out the battery and shortens the drawing without one', () => {
    const l = flowLayout(false, false);
    expect(l.nodes.battery).toBeUndefined();
    expect(l.height).toBeLessThan(flowLayout(true, false).height);
  });

  it('draws a branch in the direction energy moves, between the node and hub edges', () => {
    const node = { x: 60, y: 160 };
    const hub = { x: 200, y: 160 };
    expect(branchPath(node, hub, true)).toBe('M94 160 L134 160 L174 160');
    expect(branchPath(node, hub, false)).toBe('M174 160 L134 160 L94 160');
  });
});
