import { Link } from 'react-router';

/** A device's serial number linking to its detail page, with its alias beneath when it has one. */
export function DeviceLink({ to, sn, alias }: { to: string; sn: string; alias: string | null }): React.JSX.Element {
  return (
    <div className="hg-storage-name">
      <Link to={to} className="hg-storage-link" data-testid="device-link">
        {sn}
      </Link>
      {alias ? <span className="hg-storage-sub">{alias}</span> : null}
    </div>
  );
}
