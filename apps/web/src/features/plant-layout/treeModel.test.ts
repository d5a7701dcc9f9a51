import { nestLogicalNodes, type LogicalNode } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { defaultCollapsed, treeKeyAction, visibleNodes } from './treeModel';

const n = (id: string, parentId: string | null, kind: LogicalNode['kind']): LogicalNode => ({
  id,
  parentId,
  kind,
  label: id,
  sn: null,
  powerW: null,
  energyKwh: null,
  ratedW: null,
  efficiency: null,
  estimated: false,
});
const roots = nestLogicalNodes([
  n('root', null, 'root'),
  n('inv', 'root', 'inverter'),
  n('s1', 'inv', 'string'),
  n('p1', 's1', 'panel'),
  n('s2', 'inv', 'string'),
]);

describe('logical tree keyboard', () => {
  it('walks visible nodes only', () => {
    expect(visibleNodes(roots, new Set()).map((v) => v.node.id)).toEqual(['root', 'inv', 's1', 'p1', 's2']);
    expect(visibleNodes(roots, new Set(['s1'])).map((v) => `${v.node.id}:${v.level}`)).toEqual([
      'root:1',
      'inv:2',
      's1:3',
      's2:3',
    ]);
  });
  it('opens, enters, folds and leaves with the arrows, mirrored right to left', () => {
    const folded = new Set(['s1']);
    const vis = visibleNodes(roots, folded);
    expect(treeKeyAction('ArrowRight', false, 's1', vis, folded)).toEqual({ toggle: 's1' });
    expect(treeKeyAction('ArrowLeft', true, 's1', vis, folded)).toEqual({ toggle: 's1' });
    expect(treeKeyAction('ArrowRight', false, 'inv', vis, folded)).toEqual({ focus: 's1' });
    expect(treeKeyAction('ArrowLeft', false, 'inv', vis, folded)).toEqual({ toggle: 'inv' });
    expect(treeKeyAction('ArrowLeft', false, 's2', vis, folded)).toEqual({ focus: 'inv' });
    expect(treeKeyAction('ArrowDown', false, 's1', vis, folded)).toEqual({ focus: 's2' });
    expect(treeKeyAction('End', false, 'root', vis, folded)).toEqual({ focus: 's2' });
  });
  it('folds panel holders only on large plants', () => {
    expect(defaultCollapsed(roots)).toEqual([]);
    const many = nestLogicalNodes([
      n('root', null, 'root'),
      n('inv', 'root', 'inverter'),
      n('s1', 'inv', 'string'),
      ...Array.from({ length: 25 }, (_, i) => n(`p${i}`, 's1', 'panel')),
    ]);
    expect(defaultCollapsed(many)).toEqual(['s1']);
  });
});
