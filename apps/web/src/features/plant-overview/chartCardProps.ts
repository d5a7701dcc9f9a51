import type { PlantSummary } from '@heliograph/shared';
import type { Display } from '../../components/chart/useDisplay';

/** What the overview's chart cards (the day chart, the energy bars) are given by the page. */
export interface ChartCardProps {
  plant: PlantSummary;
  /** The plant's today, YYYY-MM-DD in its own time zone. */
  today: string;
  hasBattery: boolean;
  display: Display;
  className?: string;
}

/** What both charts of the day card (one day's curves, a run of days' bars) are given by it. */
export interface DayChartProps {
  plantId: string;
  hasBattery: boolean;
  display: Display;
}
