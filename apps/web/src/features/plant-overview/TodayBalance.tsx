import type { GenerationUse } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatRatio } from '../../components/plant/figures';
import { FIGURE_COLORS } from '../../components/chart/palette';
import { Quantity } from '../../components/Quantity';

interface Part {
  key: string;
  label: string;
  kwh: number;
  color: string;
}

function Split({
  title,
  parts,
  empty,
  locale,
}: {
  title: string;
  parts: Part[];
  empty: string;
  locale: string;
}): React.JSX.Element {
  const total = parts.reduce((s, p) => s + Math.max(0, p.kwh), 0);
  return (
    <div className="hg-balance">
      <div className="hg-balance-head">
        <span className="hg-balance-title">{title}</span>
        <Quantity className="hg-num hg-balance-total">{formatEnergy(total, locale)}</Quantity>
      </div>
      {total > 0 ? (
        <>
          <div className="hg-balance-bar" aria-hidden="true">
            {parts.map((p) =>
              p.kwh > 0 ? (
                <span key={p.key} style={{ width: `${(p.kwh / total) * 100}%`, background: p.color }} />
              ) : null,
            )}
          </div>
          <ul className="hg-balance-legend">
            {parts.map((p) => (
              <li key={p.key}>
                <span className="hg-balance-swatch" style={{ background: p.color }} aria-hidden="true" />
                <span>{p.label}</span>
                <Quantity className="hg-num">
                  {formatEnergy(p.kwh, locale)} ({formatRatio(p.kwh / total, locale)})
                </Quantity>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="hg-balance-empty">{empty}</p>
      )}
    </div>
  );
}

/** Where today's PV went and where today's consumption came from (GET plant/energy/:id/generation/use). */
export function TodayBalance({
  data,
  hasBattery,
  locale,
}: {
  data: GenerationUse;
  hasBattery: boolean;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  // The flow diagram's node names and colours, so both pictures read alike.
  const parts = (kwh: Partial<Record<'pv' | 'load' | 'battery' | 'grid', number>>): Part[] =>
    (['pv', 'load', 'battery', 'grid'] as const).flatMap((key) => {
      const value = kwh[key];
      if (value === undefined || (key === 'battery' && !hasBattery)) return [];
      return [{ key, label: t(`overview.flow.node.${key}`), kwh: value, color: FIGURE_COLORS[key] }];
    });
  return (
    <div className="hg-balances" data-testid="today-balance">
      <Split
        title={t('overview.balance.generation')}
        empty={t('overview.balance.noGeneration')}
        locale={locale}
        parts={parts({ load: data.generation.load, battery: data.generation.battery, grid: data.generation.grid })}
      />
      <Split
        title={t('overview.balance.use')}
        empty={t('overview.balance.noUse')}
        locale={locale}
        parts={parts({ pv: data.use.pv, battery: data.use.battery, grid: data.use.grid })}
      />
    </div>
  );
}
