import { LAYOUT, bandColours, efficiencyBand, maskSerial, type LogicalTreeNode } from '@heliograph/shared';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatEnergy, formatPower } from '../../components/plant/figures';
import { treeKeyAction, visibleNodes, type TreeKey } from './treeModel';
import { Quantity } from '../../components/Quantity';

const TREE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

function nodeLabel(node: LogicalTreeNode, t: TFunction): string {
  switch (node.kind) {
    case 'inverter':
      return maskSerial(node.label);
    case 'string':
      return t('plantLayout.tree.stringShort', { n: node.label });
    case 'panel':
      return t('plantLayout.tree.panelShort', { n: node.label });
    default:
      return node.label;
  }
}

function formatPercent(v: number | null, locale: string): string {
  return v === null ? '--' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v)} %`;
}

/** What every node of the tree reads the same: the folding, the focused node, the locale and the callbacks. */
interface TreeState {
  collapsed: ReadonlySet<string>;
  focusId: string;
  locale: string;
  onToggle: (id: string) => void;
  onFocus: (id: string) => void;
}

interface NodeProps {
  node: LogicalTreeNode;
  level: number;
  tree: TreeState;
}

function TreeNode({ node, level, tree }: NodeProps): React.JSX.Element {
  const { collapsed, focusId, locale, onToggle, onFocus } = tree;
  const { t } = useTranslation();
  const open = !collapsed.has(node.id);
  const hasChildren = node.children.length > 0;
  const { fill, text } = bandColours(efficiencyBand(node.efficiency));
  const label = nodeLabel(node, t);
  const power = formatPower(node.powerW, locale);
  const energy = formatEnergy(node.energyKwh, locale);
  const efficiency = formatPercent(node.efficiency, locale);
  const kind = t(`plantLayout.kind.${node.kind}`);
  const summary = t('plantLayout.tree.nodeSummary', { kind, label, power, energy, efficiency });
  const uid = useId();
  const description = `${summary}${node.estimated ? ` (${t('plantLayout.tree.estimated')})` : ''}`;
  const descriptionId = `${uid}-d`;
  const groupId = `${uid}-g`;
  // The node itself is the treeitem, named by what it shows (label and figures) and described by the sentence
  // that says what those figures are; its children's group hangs beside it (aria-owns), so a treeitem's name
  // never has to speak for the items it holds (axe label-content-name-mismatch).
  return (
    <li role="none" className="hg-lt-item">
      <div
        role="treeitem"
        aria-level={level}
        aria-expanded={hasChildren ? open : undefined}
        aria-selected={focusId === node.id}
        aria-describedby={descriptionId}
        aria-owns={hasChildren && open ? groupId : undefined}
        tabIndex={focusId === node.id ? 0 : -1}
        data-node-id={node.id}
        data-testid={`tree-node-${node.kind}`}
        className={`hg-lt-node hg-lt-${node.kind}${hasChildren ? ' hg-lt-parent' : ''}`}
        style={{ width: LAYOUT.nodeWidth, background: fill, color: text }}
        title={summary}
        onClick={(e) => {
          e.stopPropagation();
          onFocus(node.id);
          if (hasChildren) onToggle(node.id);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          e.stopPropagation();
          if (hasChildren) onToggle(node.id);
        }}
      >
        <span className="hg-lt-label">
          {/* A serial reads left to right in any language; names and translated labels find their own way. */}
          <bdi dir={node.kind === 'inverter' ? 'ltr' : 'auto'} className="hg-lt-label-text">
            {label}
          </bdi>
          {hasChildren && (
            <span className="hg-lt-caret" aria-hidden="true">
              {open ? '−' : '+'}
            </span>
          )}
        </span>
        <Quantity className="hg-lt-fig">{power}</Quantity>
        <Quantity className="hg-lt-fig hg-lt-energy">
          {node.estimated ? '≈' : ''}
          {energy}
        </Quantity>
        <Quantity className="hg-lt-fig hg-lt-eff">{efficiency}</Quantity>
        <span id={descriptionId} hidden>
          {description}
        </span>
      </div>
      {hasChildren && open && (
        <ul role="group" id={groupId} className="hg-lt-children">
          {node.children.map((c) => (
            <TreeNode key={c.id} node={c} level={level + 1} tree={tree} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The logical tree (spec §2.3) drawn from the start edge: each node 76 px wide with power, period energy and
 * efficiency, coloured by its efficiency band. One node at a time is in the tab order (the ARIA tree pattern);
 * arrows move and fold, Enter or Space folds, and the tree mirrors in a right-to-left page.
 */
export function LogicalTree({
  roots,
  collapsed,
  onToggle,
  rtl,
  locale,
}: {
  roots: LogicalTreeNode[];
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  rtl: boolean;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [focused, setFocused] = useState<string | null>(null);
  const ref = useRef<HTMLUListElement>(null);
  const visible = useMemo(() => visibleNodes(roots, collapsed), [roots, collapsed]);
  const focusId = visible.some((v) => v.node.id === focused) ? (focused ?? '') : (visible[0]?.node.id ?? '');
  const tree: TreeState = { collapsed, focusId, locale, onToggle, onFocus: setFocused };

  const moveFocus = useCallback((id: string) => {
    setFocused(id);
    requestAnimationFrame(() => {
      const el = ref.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
      el?.focus();
      el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  }, []);

  return (
    <ul
      ref={ref}
      role="tree"
      aria-label={t('plantLayout.tree.label')}
      className="hg-lt-tree"
      data-testid="logical-tree"
      onKeyDown={(e) => {
        if (!TREE_KEYS.has(e.key)) return;
        e.preventDefault();
        const action = treeKeyAction(e.key as TreeKey, rtl, focusId, visible, collapsed);
        if (action.toggle) onToggle(action.toggle);
        if (action.focus) moveFocus(action.focus);
      }}
    >
      {roots.map((r) => (
        <TreeNode key={r.id} node={r} level={1} tree={tree} />
      ))}
    </ul>
  );
}
