import { formatDateTime } from '../../components/plant/plantTime';

/** "Raised 2026-11-25 14:05": a label and a plant-local date-time, kept left-to-right in any language. */
export function StampedTime({ label, at, tz }: { label: string; at: number | null; tz: string }): React.JSX.Element {
  return (
    <>
      {label}{' '}
      <bdi dir="ltr" className="hg-num">
        {formatDateTime(at, tz)}
      </bdi>
    </>
  );
}
