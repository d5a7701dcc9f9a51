import { useState } from 'react';
import { DayPowerChart } from './DayPowerChart';
import { DayRangePicker } from './DayRangePicker';
import type { DaySelection } from './daySelection';
import { OverviewCard } from './OverviewCard';
import { RangeEnergyChart } from './RangeEnergyChart';
import type { ChartCardProps } from './chartCardProps';

/**
 * The day chart: today by default; yesterday or a picked day of the last 30 as 5-minute curves; the
 * multi-day shortcuts as daily energy bars.
 */
export function DayChartCard({ plant, today, hasBattery, display, className }: ChartCardProps): React.JSX.Element {
  // null: follow "today", also across the plant's midnight while the page stays open.
  const [picked, setPicked] = useState<DaySelection | null>(null);
  const selection: DaySelection = picked ?? { kind: 'day', day: today };
  const chart = { plantId: plant.id, hasBattery, display };

  return (
    <OverviewCard card="day" className={className}>
      <DayRangePicker
        selection={selection}
        today={today}
        compact={display.compact}
        onChange={(next) => setPicked(next.kind === 'day' && next.day === today ? null : next)}
      />
      {selection.kind === 'day' ? (
        <DayPowerChart key={selection.day} {...chart} day={selection.day} today={today} tz={plant.timezone} />
      ) : (
        <RangeEnergyChart
          key={`${selection.from}-${selection.to}`}
          {...chart}
          from={selection.from}
          to={selection.to}
          currency={plant.currency}
        />
      )}
    </OverviewCard>
  );
}
