import type { PlantSummary } from '../../api/plants';
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
