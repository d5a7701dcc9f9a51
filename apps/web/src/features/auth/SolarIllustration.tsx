/** The brand panel's picture: a sun over rows of panels and a day's production curve. Decorative only. */

function Panel({ x, y, scale }: { x: number; y: number; scale: number }): React.JSX.Element {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M35 34v12M57 34v12" stroke="#6f6a86" strokeWidth="3" strokeLinecap="round" />
      <path d="M14 0H86L72 34H0Z" fill="url(#hg-cell)" stroke="#9aa6d6" strokeOpacity="0.55" strokeWidth="1.2" />
      <path d="M38 0L26 34M62 0L50 34M7 17H79" stroke="#9aa6d6" strokeOpacity="0.35" strokeWidth="1" />
      <path d="M14 0H86L82.7 8H10.7Z" fill="#ffd666" opacity="0.22" />
    </g>
  );
}

export function SolarIllustration({ className }: { className?: string }): React.JSX.Element {
  const back = [0, 1, 2, 3, 4].map((i) => ({ x: 28 + i * 88, y: 196, scale: 0.86 }));
  const front = [0, 1, 2, 3].map((i) => ({ x: 8 + i * 118, y: 236, scale: 1.16 }));
  return (
    <svg
      className={className}
      viewBox="0 0 480 300"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMax meet"
    >
      <defs>
        <radialGradient id="hg-glow">
          <stop offset="0" stopColor="#ffd666" stopOpacity="0.5" />
          <stop offset="1" stopColor="#ffd666" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hg-sun" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="1" stopColor="#ffa940" />
        </linearGradient>
        <linearGradient id="hg-cell" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#45508a" />
          <stop offset="1" stopColor="#1d2245" />
        </linearGradient>
        <linearGradient id="hg-curve" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffc53d" stopOpacity="0.55" />
          <stop offset="1" stopColor="#ffc53d" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="362" cy="92" r="130" fill="url(#hg-glow)" />
      <circle cx="362" cy="92" r="42" fill="url(#hg-sun)" />
      <g stroke="#ffd666" strokeOpacity="0.7" strokeWidth="3" strokeLinecap="round">
        <path d="M362 30v-14M362 168v-14M300 92h-14M438 92h-14M318 48l-10-10M416 146l-10-10M318 136l-10 10M416 38l-10 10" />
      </g>
      <g className="hg-illustration-card">
        <rect
          x="24"
          y="34"
          width="190"
          height="104"
          rx="12"
          fill="#ffffff"
          fillOpacity="0.08"
          stroke="#ffffff"
          strokeOpacity="0.16"
        />
        <rect x="40" y="50" width="58" height="7" rx="3.5" fill="#ffffff" fillOpacity="0.35" />
        <rect x="40" y="63" width="36" height="11" rx="4" fill="#ffc53d" fillOpacity="0.9" />
        <path d="M40 124 C 70 124, 80 80, 118 78 S 168 124, 198 124 Z" fill="url(#hg-curve)" />
        <path d="M40 124 C 70 124, 80 80, 118 78 S 168 124, 198 124" fill="none" stroke="#ffc53d" strokeWidth="2.5" />
        <path d="M40 124.5H198" stroke="#ffffff" strokeOpacity="0.2" />
      </g>
      <path
        d="M-480 214C-300 196-120 186 0 206C90 182 178 192 262 200S420 186 480 194C640 178 800 200 960 192V300H-480Z"
        fill="#433e56"
      />
      <path
        d="M-480 232C-240 240-120 246 0 238C120 218 262 230 480 222C700 214 820 236 960 228V300H-480Z"
        fill="#3a3649"
      />
      {back.map((p) => (
        <Panel key={`b${p.x}`} {...p} />
      ))}
      {front.map((p) => (
        <Panel key={`f${p.x}`} {...p} />
      ))}
    </svg>
  );
}
