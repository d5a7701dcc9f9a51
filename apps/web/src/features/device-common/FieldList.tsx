import './fieldList.css';

export interface Field {
  key: string;
  label: string;
  value: React.ReactNode;
}

/** A device's readings as term and value pairs; each pair carries the test id `<testIdPrefix>-<key>`. */
export function FieldList({
  fields,
  className,
  testIdPrefix,
}: {
  fields: Field[];
  /** Narrows or widens the columns (hg-field-list sets the grid). */
  className?: string;
  testIdPrefix: string;
}): React.JSX.Element {
  return (
    <dl className={className ? `hg-field-list ${className}` : 'hg-field-list'}>
      {fields.map((f) => (
        <div key={f.key} data-testid={`${testIdPrefix}-${f.key}`}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
