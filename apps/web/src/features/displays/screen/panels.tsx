import { DEVICE_STATUSES, type DisplayData, type DisplayTotals } from '@heliograph/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from '../../../components/map/statusColors';
import { energyParts, formatMoney, powerParts, type FigureParts } from '../../../components/plant/figures';
import { useFigureLocale } from '../../../components/plant/useFigureLocale';
import { Quantity } from '../../../components/Quantity';
import { SunMark } from '../../../kit/brand';
import type { DisplayLiveStatus } from './useDisplayLive';

/** The screen's clock, ticking each second; its one timer ends with it. */
function Clock(): React.JSX.Element {
  const locale = useFigureLocale();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const d = new Date(now);
  return (
    <div className="hg-display-clock">
      <Quantity className="hg-display-time">
        {d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })}
      </Quantity>
      <Quantity className="hg-display-date">{d.toLocaleDateString(locale, { dateStyle: 'medium' })}</Quantity>
    </div>
  );
}

export function BoardHeader({
  name,
  logoUrl,
  live,
  pages,
}: {
  name: string;
  logoUrl: string | null;
  live: DisplayLiveStatus;
  pages?: { at: number; count: number; title: string };
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <header className="hg-display-header">
      <div className="hg-display-brand">
        {logoUrl ? <img src={logoUrl} alt="" className="hg-display-logo" /> : <SunMark size={58} />}
      </div>
      <div className="hg-display-heading">
        <h1 className="hg-display-title" data-testid="display-title">
          {name}
        </h1>
        {pages ? (
          <p className="hg-display-subtitle" data-testid="display-page-title">
            {pages.title}{' '}
            <span
              className="hg-display-dots"
              aria-label={t('displays.screen.pageOf', { n: pages.at + 1, of: pages.count })}
            >
              {Array.from({ length: pages.count }, (_, i) => (
                <span key={i} className={i === pages.at ? 'hg-display-dot is-on' : 'hg-display-dot'} />
              ))}
            </span>
          </p>
        ) : null}
      </div>
      <div className="hg-display-status">
        <span className={`hg-display-live is-${live}`} data-testid="display-live" data-state={live}>
          {t(`displays.screen.live.${live}`)}
        </span>
        <Clock />
      </div>
    </header>
  );
}

function Figure({ label, parts, testId }: { label: string; parts: FigureParts; testId: string }): React.JSX.Element {
  return (
    <div className="hg-display-kpi">
      <div className="hg-display-kpi-label">{label}</div>
      <div className="hg-display-kpi-value" data-testid={testId}>
        <Quantity>
          {parts.text}
          {parts.unit ? <span className="hg-display-kpi-unit"> {parts.unit}</span> : null}
        </Quantity>
      </div>
    </div>
  );
}

/** Today's income per currency (plants may earn in several): one line each, smaller when there are several. */
function Income({ lines }: { lines: readonly string[] }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="hg-display-kpi">
      <div className="hg-display-kpi-label">{t('displays.screen.income')}</div>
      <div
        className={lines.length > 1 ? 'hg-display-kpi-value is-many' : 'hg-display-kpi-value'}
        data-testid="display-income"
      >
        {lines.length === 0
          ? '—'
          : lines.map((l) => (
              <div key={l}>
                <Quantity>{l}</Quantity>
              </div>
            ))}
      </div>
    </div>
  );
}

/** The fleet's headline figures: live power, today's and this year's energy, income, CO₂ avoided, plants. */
export function Kpis({ totals, yearKwh }: { totals: DisplayTotals; yearKwh: number }): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  // The largest amounts first; three lines at most fit the tile.
  const income = [...totals.todayIncome]
    .sort((a, b) => b.amount - a.amount)
    .slice(0, 3)
    .map((i) => formatMoney(i.amount, i.currency, locale, (value) => t('displays.screen.tenThousands', { value })));
  const co2 = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
    totals.co2Tonnes,
  );
  return (
    <section className="hg-display-kpis" aria-label={t('displays.screen.figures')}>
      <Figure label={t('displays.screen.power')} parts={powerParts(totals.powerW, locale)} testId="display-power" />
      <Figure label={t('displays.screen.today')} parts={energyParts(totals.todayKwh, locale)} testId="display-today" />
      <Figure label={t('displays.screen.year')} parts={energyParts(yearKwh, locale)} testId="display-year" />
      <Income lines={income} />
      <Figure label={t('displays.screen.co2')} parts={{ text: co2, unit: 't' }} testId="display-co2" />
      <Figure
        label={t('displays.screen.plants')}
        parts={{ text: totals.plants.toLocaleString(locale), unit: '' }}
        testId="display-plants"
      />
    </section>
  );
}

export function StatusCounts({ totals }: { totals: DisplayTotals }): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const capacity = powerParts(totals.capacityKw * 1000, locale);
  return (
    <section className="hg-display-panel" aria-labelledby="display-status-title">
      <h2 id="display-status-title" className="hg-display-panel-title">
        {t('displays.screen.status')}
      </h2>
      <ul className="hg-display-status-list">
        {DEVICE_STATUSES.filter((s) => s !== 'upgrading' && s !== 'protect').map((s) => (
          <li key={s}>
            <span className="hg-display-swatch" style={{ background: STATUS_COLOR[s] }} aria-hidden="true" />
            <span className="hg-display-status-name">{t(`displays.status.${s}`)}</span>
            <Quantity className="hg-display-status-count">{totals.status[s].toLocaleString(locale)}</Quantity>
          </li>
        ))}
      </ul>
      <p className="hg-display-capacity">
        {t('displays.screen.capacity')}: <Quantity value={capacity.text} unit={capacity.unit} />
      </p>
    </section>
  );
}

export function TopPlants({ top, limit = 5 }: { top: DisplayData['top']; limit?: number }): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const fmt = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <section className="hg-display-panel" aria-labelledby="display-top-title">
      <h2 id="display-top-title" className="hg-display-panel-title">
        {t('displays.screen.top')}
      </h2>
      {top.length === 0 ? (
        <p className="hg-display-empty">{t('displays.screen.noPlants')}</p>
      ) : (
        <ol className="hg-display-top" data-testid="display-top">
          {top.slice(0, limit).map((p, i) => (
            <li key={p.id}>
              <span className="hg-display-rank">{i + 1}</span>
              <span className="hg-display-top-name">{p.name}</span>
              <Quantity className="hg-display-top-value">{`${fmt.format(p.yield)} kWh/kWp`}</Quantity>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function Alarms({
  alarms,
  open,
  limit = 5,
}: {
  alarms: DisplayData['alarms'];
  open: number;
  limit?: number;
}): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  return (
    <section className="hg-display-panel" aria-labelledby="display-alarms-title">
      <h2 id="display-alarms-title" className="hg-display-panel-title">
        {t('displays.screen.alarms')}{' '}
        <Quantity className={open === 0 ? 'hg-display-badge is-zero' : 'hg-display-badge'}>
          {open.toLocaleString(locale)}
        </Quantity>
      </h2>
      {alarms.length === 0 ? (
        <p className="hg-display-empty">{t('displays.screen.noAlarms')}</p>
      ) : (
        <ul className="hg-display-alarms" data-testid="display-alarms">
          {alarms.slice(0, limit).map((a) => (
            <li key={a.id} className={`is-${a.level}`}>
              <span className="hg-display-alarm-plant">{a.plantName}</span>
              <span className="hg-display-alarm-text">{a.message ?? a.code}</span>
              <Quantity className="hg-display-alarm-time">
                {new Date(a.raisedAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false })}
              </Quantity>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
