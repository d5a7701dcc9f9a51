export const PRODUCT_NAME = 'Heliograph';

export function SunMark({ size = 28, spinning = false }: { size?: number; spinning?: boolean }): React.JSX.Element {
  return (
    <svg
      className={spinning ? 'hg-sun hg-sun-spin' : 'hg-sun'}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <g stroke="#ffc53d" strokeWidth="4.5" strokeLinecap="round">
        <path d="M32 5v8M32 51v8M5 32h8M51 32h8M12.9 12.9l5.7 5.7M45.4 45.4l5.7 5.7M12.9 51.1l5.7-5.7M45.4 18.6l5.7-5.7" />
      </g>
      <circle cx="32" cy="32" r="12" fill="#fa8c16" />
      <circle cx="32" cy="32" r="8.5" fill="#ffc53d" />
    </svg>
  );
}
