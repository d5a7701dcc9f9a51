import { formatPower, formatRatio } from '../../components/plant/figures';
import { branchOf, type FlowModel } from './flowModel';

export type Translate = (key: string, vars?: Record<string, string>) => string;

/**
 * The flow diagram in words, for screen readers: "Solar 4.2 kW. Selling 1.1 kW to the grid. Battery 80.0%,
 * charging 2.0 kW. Home using 1.1 kW."
 */
export function flowSummary(model: FlowModel, t: Translate, locale: string): string {
  const power = (w: number | null) => formatPower(w, locale);
  const out: string[] = [];

  const pv = branchOf(model, 'pv');
  if (pv) out.push(pv.active ? t('overview.flow.sr.pv', { power: power(pv.powerW) }) : t('overview.flow.sr.pvIdle'));

  const grid = branchOf(model, 'grid');
  if (grid) {
    if (grid.state === 'selling') out.push(t('overview.flow.sr.gridSelling', { power: power(grid.powerW) }));
    else if (grid.state === 'buying') out.push(t('overview.flow.sr.gridBuying', { power: power(grid.powerW) }));
    else out.push(t('overview.flow.sr.gridIdle'));
  }

  const battery = branchOf(model, 'battery');
  if (battery) {
    const soc = formatRatio(model.soc === null ? null : model.soc / 100, locale);
    if (battery.state === 'charging')
      out.push(t('overview.flow.sr.batteryCharging', { soc, power: power(battery.powerW) }));
    else if (battery.state === 'discharging')
      out.push(t('overview.flow.sr.batteryDischarging', { soc, power: power(battery.powerW) }));
    else out.push(t('overview.flow.sr.batteryIdle', { soc }));
  }

  const load = branchOf(model, 'load');
  if (load)
    out.push(load.active ? t('overview.flow.sr.load', { power: power(load.powerW) }) : t('overview.flow.sr.loadIdle'));

  return out.join(' ');
}
