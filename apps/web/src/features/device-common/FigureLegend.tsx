import { Quantity } from '../../components/Quantity';
import './storage.css';

export interface LegendFigure {
  key: string;
  label: string;
  value: string;
  /** Said after the figure in brackets (which cell). */
  note?: string;
}

/** A line of labelled figures under a chart or grid: the day's totals, the cells' extremes. */
export function FigureLegend({ items, 'data-testid': testId }: { items: LegendFigure[]; 'data-testid'?: string }) {
  return (
    <div className="hg-cells-legend" data-testid={testId}>
      {items.map(({ key, label, value, note }) => (
        <span key={key}>
          {label}:{' '}
          <strong>
            <Quantity>{value}</Quantity>
          </strong>
          {note === undefined ? null : <> ({note})</>}
        </span>
      ))}
    </div>
  );
}
