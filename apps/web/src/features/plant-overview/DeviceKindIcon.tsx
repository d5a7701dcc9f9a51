import { AppstoreOutlined, CloudOutlined, DashboardOutlined, ThunderboltOutlined } from '@ant-design/icons';

/** An icon per device kind; the kind's name is always written beside it. */
export function DeviceKindIcon({ kind }: { kind: string }): React.JSX.Element {
  const Icon =
    kind === 'inverter'
      ? ThunderboltOutlined
      : kind === 'battery'
        ? BatteryIcon
        : kind === 'meter'
          ? DashboardOutlined
          : kind === 'weather'
            ? CloudOutlined
            : AppstoreOutlined;
  return (
    <span className={`hg-device-icon hg-device-icon-${kind}`} aria-hidden="true">
      <Icon />
    </span>
  );
}

function BatteryIcon(): React.JSX.Element {
  return (
    <span className="anticon">
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        focusable="false"
      >
        <rect x="2.5" y="7" width="17" height="10" rx="2" />
        <path d="M19.5 10.5h2v3h-2" />
        <path d="M6 10v4M9.5 10v4M13 10v4" strokeLinecap="round" />
      </svg>
    </span>
  );
}
