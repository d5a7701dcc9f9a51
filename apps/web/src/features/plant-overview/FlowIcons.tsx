import type { FlowNode } from './flowModel';

/** Line icons of the flow diagram's nodes, drawn on a 24-unit grid and centred on (x, y). */
const PATHS: Record<FlowNode | 'hub', React.ReactNode> = {
  pv: (
    <>
      <circle cx="18" cy="5" r="2.6" />
      <path d="M18 0.6v0.9M18 8.5v0.9M13.6 5h0.9M21.5 5h0.9" />
      <path d="M2.5 21 L6 11 H19.5 L16 21 Z" />
      <path d="M4.3 16 H17.8 M9.3 11 L7.6 21 M14.6 11 L12.8 21" />
    </>
  ),
  grid: (
    <>
      <path d="M12 2 L6.5 22 M12 2 L17.5 22" />
      <path d="M5 7 H19 M7.2 13 H16.8 M9 7 L15.6 13 M15 7 L8.4 13 M8 13 L16.4 20 M16 13 L7.6 20" />
    </>
  ),
  load: (
    <>
      <path d="M2.5 11.5 L12 3 L21.5 11.5" />
      <path d="M5 9.5 V21 H19 V9.5" />
      <path d="M10 21 V15 H14 V21" />
    </>
  ),
  battery: (
    <>
      <rect x="3" y="7" width="16" height="10" rx="2" />
      <path d="M19 10.5 H21 V13.5 H19" />
      <path d="M11.5 8.8 L8.8 12.4 H12.2 L10.5 15.2" />
    </>
  ),
  hub: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2.5" />
      <path d="M7.5 12 C9 8.5 10.5 8.5 12 12 S15 15.5 16.5 12" />
    </>
  ),
};

export function FlowIcon({
  kind,
  x,
  y,
  size = 26,
}: {
  kind: FlowNode | 'hub';
  x: number;
  y: number;
  size?: number;
}): React.JSX.Element {
  const s = size / 24;
  return (
    <g
      transform={`translate(${x - size / 2} ${y - size / 2}) scale(${s})`}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {PATHS[kind]}
    </g>
  );
}
