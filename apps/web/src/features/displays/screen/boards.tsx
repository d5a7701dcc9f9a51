import { DISPLAY_PAGES, type DisplayData, type DisplayPage, type DisplayTotals } from '@heliograph/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FleetMap } from './FleetMap';
import { Alarms, BoardHeader, Kpis, StatusCounts, TopPlants } from './panels';
import { PowerCurve } from './PowerCurve';
import type { DisplayLiveStatus } from './useDisplayLive';

export interface BoardProps {
  data: DisplayData;
  totals: DisplayTotals;
  curve: readonly { ts: number; w: number }[];
  live: DisplayLiveStatus;
  /** The logical picture's unit (spliced walls: the smaller side of the grid). */
  unit: number;
}

/** The single-page style: everything at once on one 1920×1080 stage (or across a spliced wall). */
export function SingleBoard({ data, totals, curve, live, unit }: BoardProps): React.JSX.Element {
  return (
    <div className="hg-display-board" data-testid="display-board" data-style="single">
      <BoardHeader name={data.display.name} logoUrl={data.display.logoUrl} live={live} />
      <Kpis totals={totals} yearKwh={data.yearKwh} />
      <div className="hg-display-main">
        <div className="hg-display-col">
          <StatusCounts totals={totals} />
          <TopPlants top={data.top} />
        </div>
        <div className="hg-display-col hg-display-col-map">
          <FleetMap plants={data.plants} unit={unit} />
        </div>
        <div className="hg-display-col">
          <section className="hg-display-panel hg-display-panel-grow" aria-label={data.display.name}>
            <PowerCurve points={curve} height={340 * unit} unit={unit} />
          </section>
          <Alarms alarms={data.alarms} open={totals.openAlarms} limit={4} />
        </div>
      </div>
    </div>
  );
}

/** The display's pages, or all of them when it lists none (a display of another style opened this way). */
function pagesOf(data: DisplayData): DisplayPage[] {
  return data.display.pages.length ? data.display.pages : [...DISPLAY_PAGES];
}

/**
 * The multi-page style: one page at a time, the next after the display's seconds per page. The one timer is
 * replaced when the page changes and cleared when the screen closes, so nothing piles up over days.
 */
export function PagesBoard({ data, totals, curve, live, unit }: BoardProps): React.JSX.Element {
  const { t } = useTranslation();
  const pages = pagesOf(data);
  const [at, setAt] = useState(0);
  const seconds = data.display.pageSeconds;
  useEffect(() => {
    const timer = setTimeout(() => setAt((i) => (i + 1) % pages.length), seconds * 1000);
    return () => clearTimeout(timer);
  }, [at, pages.length, seconds]);
  const page = pages[at % pages.length] ?? 'overview';
  return (
    <div className="hg-display-board" data-testid="display-board" data-style="multipage" data-page={page}>
      <BoardHeader
        name={data.display.name}
        logoUrl={data.display.logoUrl}
        live={live}
        pages={{ at: at % pages.length, count: pages.length, title: t(`displays.pages.${page}`) }}
      />
      {page === 'overview' ? (
        <>
          <Kpis totals={totals} yearKwh={data.yearKwh} />
          <section className="hg-display-panel hg-display-page-body" aria-label={t('displays.pages.overview')}>
            <PowerCurve points={curve} height={560} unit={unit} />
          </section>
        </>
      ) : page === 'map' ? (
        <div className="hg-display-main hg-display-page-body hg-display-page-map">
          <div className="hg-display-col">
            <StatusCounts totals={totals} />
          </div>
          <div className="hg-display-col hg-display-col-map">
            <FleetMap plants={data.plants} unit={unit} />
          </div>
        </div>
      ) : page === 'ranking' ? (
        <div className="hg-display-page-body hg-display-page-list">
          <TopPlants top={data.top} limit={10} />
        </div>
      ) : (
        <div className="hg-display-page-body hg-display-page-list">
          <Alarms alarms={data.alarms} open={totals.openAlarms} limit={10} />
        </div>
      )}
    </div>
  );
}
