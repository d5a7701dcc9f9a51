import './settingRow.css';

interface Props {
  label: React.ReactNode;
  /** The id of the control the label names (a <label for> then); otherwise a plain text label. */
  labelFor?: string;
  /** An id for the label, for a control that points at it with aria-labelledby. */
  labelId?: string;
  value: React.ReactNode;
  /** A button (change, send, read) at the end of the row. */
  action?: React.ReactNode;
  'data-testid'?: string;
}

/** One line of a device's settings card: what it is, its value, and what can be done with it. */
export function SettingRow({ label, labelFor, labelId, value, action, 'data-testid': testId }: Props) {
  return (
    <div className="hg-switch-setting" data-testid={testId}>
      <div>
        {labelFor ? (
          <label className="hg-switch-setting-label" htmlFor={labelFor}>
            {label}
          </label>
        ) : (
          <div className="hg-switch-setting-label" id={labelId}>
            {label}
          </div>
        )}
        <div className="hg-switch-setting-value">{value}</div>
      </div>
      {action}
    </div>
  );
}
