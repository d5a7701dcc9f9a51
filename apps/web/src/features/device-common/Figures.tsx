import { Quantity } from '../../components/Quantity';

export interface Figure {
  key: string;
  label: string;
  value: React.ReactNode;
}

/** Labelled readings in a grid that wraps: a description list for assistive technology. */
export function Figures({ items, testId }: { items: readonly Figure[]; testId?: string }): React.JSX.Element {
  return (
    <dl className="hg-storage-figures" data-testid={testId}>
      {items.map((f) => (
        <div key={f.key} className="hg-storage-figure" data-key={f.key}>
          <dt className="hg-storage-figure-label">{f.label}</dt>
          <dd className="hg-storage-figure-value" style={{ margin: 0 }}>
            {typeof f.value === 'string' ? <Quantity>{f.value}</Quantity> : f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
