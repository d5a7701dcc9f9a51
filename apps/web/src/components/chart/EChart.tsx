import { useEffect, useRef } from 'react';
import type { ChartOption } from './chartTypes';
import { init, type ECharts } from './echartsSetup';
import { observeResize } from '../observeResize';

export interface EChartProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, in words (the canvas itself says nothing to a screen reader). */
  label: string;
  /** Take the free height of a flex column (at least `height`), so a card's chart fills the card. */
  grow?: boolean;
  /** ECharts' own strings (data zoom, aria): Chinese or English. */
  locale: 'ZH' | 'EN';
  testId?: string;
  /** How many values the chart draws (data-points, for tests and tools). */
  points?: number;
}

/**
 * One ECharts instance on a canvas, resized with its box. New options merge into the chart (series replaced
 * by id), so a live update moves the lines instead of redrawing from scratch and keeps the zoom.
 */
export default function EChart({
  option,
  height,
  grow,
  label,
  locale,
  testId,
  points,
}: EChartProps): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, null, { renderer: 'canvas', locale });
    chart.current = instance;
    return observeResize(
      el,
      () => instance.resize(),
      () => {
        instance.dispose();
        chart.current = null;
      },
    );
  }, [locale]);

  useEffect(() => {
    chart.current?.setOption(option, { replaceMerge: ['series', 'dataZoom', 'xAxis', 'yAxis'] });
  }, [option, locale]);

  return (
    <div
      ref={box}
      className="hg-chart"
      style={grow ? { minHeight: height, flex: '1 1 auto' } : { height }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={points}
    />
  );
}
