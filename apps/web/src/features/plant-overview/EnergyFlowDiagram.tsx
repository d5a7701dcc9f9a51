import { useTranslation } from 'react-i18next';
import { formatPower, formatRatio } from '../../components/plant/figures';
import { FlowIcon } from './FlowIcons';
import { branchPath, FLOW_WIDTH, flowLayout, HUB_R, NODE_R } from './flowLayout';
import { dashDuration, type FlowBranch, type FlowModel, type FlowNode } from './flowModel';
import { flowSummary } from './flowSummary';
import { FIGURE_COLORS } from '../../components/chart/palette';
import './overview.css';

const SOC_R = NODE_R + 6;

function socColor(soc: number): string {
  if (soc < 20) return '#e5484d';
  if (soc < 50) return '#f59e0b';
  return FIGURE_COLORS.soc;
}

/**
 * The live energy-flow diagram (spec §4), an SVG: PV, grid, home and battery around the inverter hub. Lines
 * of active branches carry dashes moving the way energy flows, with an arrow at their middle; idle ones are
 * grey and still. The drawing is hidden from screen readers, which get the same in a sentence.
 */
export function EnergyFlowDiagram({
  model,
  rtl,
  locale,
}: {
  model: FlowModel;
  rtl: boolean;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const layout = flowLayout(model.hasBattery, rtl);
  const summary = flowSummary(model, (key, vars) => t(key, vars ?? {}), locale);
  const uid = 'hg-flow';

  const stateWord = (b: FlowBranch) => {
    if (!b.active) return t('overview.flow.state.idle');
    if (b.node === 'pv') return t('overview.flow.state.generating');
    if (b.node === 'load') return t('overview.flow.state.consuming');
    return t(`overview.flow.state.${b.state}`);
  };

  return (
    <figure className="hg-flow" data-testid="flow-diagram" data-updated={model.ts ?? ''}>
      <svg className="hg-flow-svg" viewBox={`0 0 ${FLOW_WIDTH} ${layout.height}`} aria-hidden="true" focusable="false">
        <defs>
          {model.branches.map((b) => (
            <marker
              key={b.node}
              id={`${uid}-arrow-${b.node}`}
              viewBox="0 0 10 10"
              refX="5"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M1 1 L9 5 L1 9 Z" fill={FIGURE_COLORS[b.node]} />
            </marker>
          ))}
        </defs>

        {model.branches.map((b) => {
          const place = layout.nodes[b.node];
          if (!place) return null;
          const d = branchPath(place, layout.hub, b.towardHub);
          return (
            <g key={`line-${b.node}`} data-testid={`flow-line-${b.node}`} data-state={b.state} data-active={b.active}>
              <path d={d} className="hg-flow-track" />
              {b.active ? (
                <path
                  d={d}
                  className="hg-flow-dash"
                  stroke={FIGURE_COLORS[b.node]}
                  markerMid={`url(#${uid}-arrow-${b.node})`}
                  style={{ animationDuration: `${dashDuration(b.intensity)}s` }}
                />
              ) : (
                <path d={d} className="hg-flow-idle" />
              )}
            </g>
          );
        })}

        <g className="hg-flow-hub">
          <circle cx={layout.hub.x} cy={layout.hub.y} r={HUB_R} />
          <g color="#ffffff">
            <FlowIcon kind="hub" x={layout.hub.x} y={layout.hub.y} size={24} />
          </g>
        </g>

        {model.branches.map((b) => {
          const place = layout.nodes[b.node];
          if (!place) return null;
          const color = b.active ? FIGURE_COLORS[b.node] : FIGURE_COLORS.idle;
          const { label } = place;
          return (
            <g
              key={`node-${b.node}`}
              className="hg-flow-node"
              data-testid={`flow-node-${b.node}`}
              data-state={b.state}
              data-power={b.powerW ?? ''}
            >
              {b.node === 'battery' && model.soc !== null ? (
                <g className="hg-flow-soc">
                  <circle cx={place.x} cy={place.y} r={SOC_R} className="hg-flow-soc-track" />
                  <circle
                    cx={place.x}
                    cy={place.y}
                    r={SOC_R}
                    pathLength={100}
                    className="hg-flow-soc-arc"
                    stroke={socColor(model.soc)}
                    strokeDasharray={`${model.soc} 100`}
                    transform={`rotate(-90 ${place.x} ${place.y})`}
                  />
                </g>
              ) : null}
              <circle cx={place.x} cy={place.y} r={NODE_R} className="hg-flow-node-circle" stroke={color} />
              <g color={b.active ? FIGURE_COLORS[b.node] : '#8c8c99'}>
                <FlowIcon kind={b.node as FlowNode} x={place.x} y={place.y} />
              </g>
              <text x={label.x} y={label.y} textAnchor={label.anchor} className="hg-flow-name">
                {t(`overview.flow.node.${b.node}`)}
              </text>
              <text
                key={`${model.ts}-${b.powerW}`}
                x={label.x}
                y={label.y + 19}
                textAnchor={label.anchor}
                className="hg-flow-power"
                data-testid={`flow-power-${b.node}`}
              >
                {formatPower(b.powerW, locale)}
                {b.node === 'battery' && model.soc !== null ? ` · ${formatRatio(model.soc / 100, locale)}` : ''}
              </text>
              <text
                x={label.x}
                y={label.y + 36}
                textAnchor={label.anchor}
                className="hg-flow-state"
                fill={b.active ? color : undefined}
              >
                {stateWord(b)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="hg-visually-hidden" data-testid="flow-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
