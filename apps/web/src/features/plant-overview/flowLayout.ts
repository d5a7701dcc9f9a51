import type { FlowNode } from './flowModel';

/**
 * Where the diagram's nodes sit: PV above the hub, grid and home on either side, the battery below. Right to
 * left the grid and home swap sides and the PV and battery captions move to the left, like the page.
 */
export const FLOW_WIDTH = 400;
export const NODE_R = 30;
export const HUB_R = 22;

export interface Point {
  x: number;
  y: number;
}

export interface NodePlace extends Point {
  /** Where the caption (name, power, state) starts, and how it is anchored. */
  label: Point & { anchor: 'start' | 'middle' | 'end' };
}

export interface FlowLayout {
  height: number;
  hub: Point;
  nodes: Partial<Record<FlowNode, NodePlace>>;
}

export function flowLayout(hasBattery: boolean, rtl: boolean): FlowLayout {
  const mx = (x: number) => (rtl ? FLOW_WIDTH - x : x);
  const hub = { x: 200, y: 160 };
  const side = (x: number, y: number): NodePlace => ({
    x: mx(x),
    y,
    label: { x: mx(x), y: y + NODE_R + 22, anchor: 'middle' },
  });
  const column = (y: number): NodePlace => ({
    x: hub.x,
    y,
    label: { x: hub.x + (rtl ? -1 : 1) * (NODE_R + 16), y: y - 14, anchor: rtl ? 'end' : 'start' },
  });
  const nodes: FlowLayout['nodes'] = { pv: column(52), grid: side(60, hub.y), load: side(340, hub.y) };
  if (hasBattery) nodes.battery = column(292);
  return { height: hasBattery ? 350 : 262, hub, nodes };
}

/**
 * The line of a branch, from where energy comes to where it goes (so dashes moving forward show the flow),
 * with a middle vertex for the direction arrow.
 */
export function branchPath(node: Point, hub: Point, towardHub: boolean): string {
  const dx = hub.x - node.x;
  const dy = hub.y - node.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const a = { x: node.x + ux * (NODE_R + 4), y: node.y + uy * (NODE_R + 4) };
  const b = { x: hub.x - ux * (HUB_R + 4), y: hub.y - uy * (HUB_R + 4) };
  const [from, to] = towardHub ? [a, b] : [b, a];
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const r = (v: number) => Math.round(v * 10) / 10;
  return `M${r(from.x)} ${r(from.y)} L${r(mid.x)} ${r(mid.y)} L${r(to.x)} ${r(to.y)}`;
}
