import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '../../../components/chart/LazyEChart';
import type { ChartOption } from '../../../components/chart/chartTypes';
import { FIGURE_COLORS } from '../../../components/chart/palette';
import { useDisplay } from '../../../components/chart/useDisplay';
import { formatPower } from '../../../components/plant/figures';

/** The fleet's PV power over the last 24 hours, its newest point live: a line readable across a room. */
export function PowerCurve({
  points,
  height,
  unit,
}: {
  points: readonly { ts: number; w: number }[];
  height: number;
  unit: number;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { locale, chartLocale } = useDisplay();
  const option = useMemo<ChartOption>(() => {
    const font = 20 * unit;
    return {
      animation: false,
      grid: { left: 24 * unit, right: 24 * unit, top: 20 * unit, bottom: 10 * unit, containLabel: true },
      xAxis: {
        type: 'time',
        axisLabel: {
          color: '#c7d2e3',
          fontSize: font,
          formatter: (v: number) =>
            new Date(v).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false }),
        },
        axisLine: { lineStyle: { color: '#53627a' } },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        min: 0,
        axisLabel: { color: '#c7d2e3', fontSize: font, formatter: (v: number) => formatPower(v, locale) },
        splitLine: { lineStyle: { color: '#26334a' } },
      },
      series: [
        {
          id: 'pv',
          type: 'line',
          name: t('displays.screen.power'),
          showSymbol: false,
          smooth: true,
          lineStyle: { width: 4 * unit, color: FIGURE_COLORS.pv },
          areaStyle: { color: 'rgba(245, 166, 35, 0.25)' },
          data: points.map((p) => [p.ts, p.w]),
        },
      ],
    };
  }, [points, locale, t, unit]);
  // Time runs left to right and "120.0 kW" reads as written in every language: the canvas would otherwise take
  // the page's right-to-left direction in Hebrew and print "kW 120.0".
  return (
    <div dir="ltr" className="hg-display-curve">
      <LazyEChart
        option={option}
        height={height}
        grow
        label={t('displays.screen.curveLabel')}
        locale={chartLocale}
        testId="display-curve"
        points={points.length}
      />
    </div>
  );
}
