import { BackToList } from './DetailStates';

interface Props {
  listPath: string;
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  device: { sn: string; alias?: string | null };
  /** Tags shown beside the heading. */
  tags?: React.ReactNode;
  /** What sits under the heading: a hint or the device's facts. */
  below?: React.ReactNode;
  actions?: React.ReactNode;
  /** What follows the head inside the same card (power buttons, warnings). */
  children?: React.ReactNode;
}

/** The name shown for a device: its alias with the serial number, or the serial number alone. */
export const deviceName = (d: { sn: string; alias?: string | null }) => (d.alias ? `${d.alias} · ${d.sn}` : d.sn);

/** The head card of a device detail page: back to the list, the name with its tags, and the actions. */
export function DetailHead({ listPath, titleId, device, tags, below, actions, children }: Props) {
  return (
    <section className="hg-page-card" aria-labelledby={titleId}>
      <BackToList to={listPath} />
      <div className="hg-storage-detail-head">
        <div>
          <div className="hg-storage-detail-title">
            <h1 id={titleId} className="hg-page-title hg-storage-title">
              {deviceName(device)}
            </h1>
            {tags}
          </div>
          {below}
        </div>
        {actions ? <div className="hg-storage-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
