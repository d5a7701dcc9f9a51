import { bandColours, efficiencyBand, type PhysicalPanel } from '@heliograph/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPower } from '../../components/plant/figures';
import type { MicroPanelPower } from './api';
import { clickSelection, movePanels, panelsInRect, type GridSize } from './physicalModel';

type Drag =
  | { kind: 'move'; pointerId: number; startX: number; startY: number; dx: number; dy: number; panelId: string }
  | { kind: 'marquee'; pointerId: number; start: Cell; end: Cell; base: Set<string> };
interface Cell {
  x: number;
  y: number;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
const PANEL_FILL = '#dbe5f1';

/**
 * The roof grid: panels on cells, dragged with a pointer (a selection moves together), selected with
 * ctrl/⌘-click (toggle), shift-click (add) or a marquee drawn on empty roof, and moved with the arrow keys
 * when focused. The roof is a drawing of the real roof, so it is not mirrored in right-to-left languages
 * (its columns run as they do on site); the controls around it are.
 */
export function RoofGrid({
  panels,
  size,
  cell,
  selection,
  live,
  invalid,
  readOnly,
  locale,
  onSelect,
  onMove,
  onRemoveRequest,
  onBlocked,
}: {
  panels: PhysicalPanel[];
  size: GridSize;
  cell: number;
  selection: ReadonlySet<string>;
  live: ReadonlyMap<string, MicroPanelPower>;
  invalid: ReadonlySet<string>;
  readOnly: boolean;
  locale: string;
  onSelect: (ids: Set<string>) => void;
  onMove: (next: PhysicalPanel[], moved: string[]) => void;
  onRemoveRequest: () => void;
  onBlocked: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const gridRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const cellAt = (clientX: number, clientY: number): Cell => {
    const r = gridRef.current?.getBoundingClientRect();
    const x = Math.floor((clientX - (r?.left ?? 0)) / cell);
    const y = Math.floor((clientY - (r?.top ?? 0)) / cell);
    return { x: Math.max(0, Math.min(size.cols - 1, x)), y: Math.max(0, Math.min(size.rows - 1, y)) };
  };

  const moving = drag?.kind === 'move' ? drag : null;
  const marquee = drag?.kind === 'marquee' ? drag : null;
  const movingIds = moving ? (selection.has(moving.panelId) ? selection : new Set([moving.panelId])) : null;
  const preview =
    moving && movingIds && (moving.dx !== 0 || moving.dy !== 0)
      ? movePanels(panels, movingIds, moving.dx, moving.dy)
      : null;

  const finishMove = (d: Extract<Drag, { kind: 'move' }>, ids: ReadonlySet<string>) => {
    if (d.dx === 0 && d.dy === 0) return;
    const next = movePanels(panels, ids, d.dx, d.dy);
    if (next) onMove(next, [...ids]);
    else onBlocked();
  };

  return (
    <div
      ref={gridRef}
      dir="ltr"
      className={`hg-roof${readOnly ? ' hg-roof-readonly' : ''}`}
      style={{ width: size.cols * cell, height: size.rows * cell, backgroundSize: `${cell}px ${cell}px` }}
      role="group"
      aria-label={t('plantLayout.physical.gridLabel', { cols: size.cols, rows: size.rows })}
      aria-describedby="hg-roof-help"
      data-testid="roof-grid"
      data-cell={cell}
      onPointerDown={(e) => {
        // Empty roof: a marquee with a mouse or pen; a finger scrolls the roof instead.
        if (e.target !== e.currentTarget || e.pointerType === 'touch' || e.button !== 0) return;
        const start = cellAt(e.clientX, e.clientY);
        const additive = e.ctrlKey || e.metaKey || e.shiftKey;
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag({
          kind: 'marquee',
          pointerId: e.pointerId,
          start,
          end: start,
          base: additive ? new Set(selection) : new Set(),
        });
      }}
      onPointerMove={(e) => {
        if (!drag || e.pointerId !== drag.pointerId) return;
        if (drag.kind === 'move') {
          const dx = Math.round((e.clientX - drag.startX) / cell);
          const dy = Math.round((e.clientY - drag.startY) / cell);
          if (dx !== drag.dx || dy !== drag.dy) setDrag({ ...drag, dx, dy });
        } else {
          const end = cellAt(e.clientX, e.clientY);
          if (end.x !== drag.end.x || end.y !== drag.end.y) setDrag({ ...drag, end });
        }
      }}
      onPointerUp={(e) => {
        if (!drag || e.pointerId !== drag.pointerId) return;
        if (drag.kind === 'move') {
          if (drag.dx === 0 && drag.dy === 0 && selection.size > 1 && !(e.ctrlKey || e.metaKey || e.shiftKey)) {
            onSelect(new Set([drag.panelId]));
          } else if (movingIds) finishMove(drag, movingIds);
        } else {
          onSelect(new Set([...drag.base, ...panelsInRect(panels, drag.start, drag.end)]));
        }
        setDrag(null);
      }}
      onPointerCancel={() => setDrag(null)}
    >
      {panels.map((p) => {
        const shown = preview?.find((q) => q.id === p.id) ?? p;
        const reading = live.get(p.id);
        const band = reading ? efficiencyBand(reading.efficiency) : null;
        const colours = reading ? bandColours(band) : { fill: PANEL_FILL, text: '#1f1f1f' };
        const selected = selection.has(p.id);
        const figure = reading ? formatPower(reading.powerW, locale) : `${p.ratedW} W`;
        const label = t('plantLayout.physical.panelLabel', {
          n: p.number,
          string: p.string || t('plantLayout.physical.noString'),
          col: shown.x + 1,
          row: shown.y + 1,
          figure: reading
            ? t('plantLayout.physical.livePower', { power: figure })
            : t('plantLayout.physical.rated', { power: figure }),
        });
        return (
          <button
            key={p.id}
            type="button"
            className={`hg-roof-panel${selected ? ' is-selected' : ''}${invalid.has(p.id) ? ' is-invalid' : ''}${
              movingIds?.has(p.id) && moving && (moving.dx || moving.dy)
                ? preview
                  ? ' is-dragging'
                  : ' is-blocked'
                : ''
            }`}
            style={{
              left: shown.x * cell + 2,
              top: shown.y * cell + 2,
              width: cell - 4,
              height: cell - 4,
              background: colours.fill,
              color: colours.text,
            }}
            aria-pressed={selected}
            title={label}
            data-testid={`panel-${p.id}`}
            data-x={p.x}
            data-y={p.y}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              e.stopPropagation();
              const mods = { toggle: e.ctrlKey || e.metaKey, add: e.shiftKey };
              const keepGroup = selected && !mods.toggle && !mods.add;
              const next = keepGroup ? new Set(selection) : clickSelection(selection, p.id, mods);
              if (!keepGroup) onSelect(next);
              if (readOnly || !next.has(p.id)) return;
              gridRef.current?.setPointerCapture(e.pointerId);
              setDrag({
                kind: 'move',
                pointerId: e.pointerId,
                startX: e.clientX,
                startY: e.clientY,
                dx: 0,
                dy: 0,
                panelId: p.id,
              });
            }}
            onKeyDown={(e) => {
              const arrow = ARROWS[e.key];
              if (arrow && !readOnly) {
                e.preventDefault();
                const ids = selection.has(p.id) ? selection : new Set([p.id]);
                if (!selection.has(p.id)) onSelect(new Set([p.id]));
                const next = movePanels(panels, ids, arrow[0], arrow[1]);
                if (next) onMove(next, [...ids]);
                else onBlocked();
              } else if (e.key === ' ' || e.key === 'Enter') {
                e.preventDefault();
                onSelect(clickSelection(selection, p.id, { toggle: e.ctrlKey || e.metaKey, add: e.shiftKey }));
              } else if ((e.key === 'Delete' || e.key === 'Backspace') && !readOnly) {
                e.preventDefault();
                if (!selection.has(p.id)) onSelect(new Set([p.id]));
                onRemoveRequest();
              } else if (e.key === 'Escape') {
                onSelect(new Set());
              } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
                e.preventDefault();
                onSelect(new Set(panels.map((q) => q.id)));
              }
            }}
          >
            {/* Named by its full description (read, not shown); the number and figure it shows are part of it. */}
            <span className="hg-visually-hidden">{label}</span>
            <span className="hg-roof-num" aria-hidden="true">
              {p.number}
            </span>
            {cell >= 44 && (
              <span className="hg-roof-fig" aria-hidden="true">
                {figure}
              </span>
            )}
          </button>
        );
      })}
      {marquee && (
        <div
          className="hg-roof-marquee"
          aria-hidden="true"
          style={{
            left: Math.min(marquee.start.x, marquee.end.x) * cell,
            top: Math.min(marquee.start.y, marquee.end.y) * cell,
            width: (Math.abs(marquee.end.x - marquee.start.x) + 1) * cell,
            height: (Math.abs(marquee.end.y - marquee.start.y) + 1) * cell,
          }}
        />
      )}
    </div>
  );
}
