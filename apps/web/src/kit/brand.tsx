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

/** A company's logos as GET user and GET anonymous/brand give them (spec §9: wide 220×58, square 58×58). */
export interface BrandLogos {
  name: string;
  logoWide: string | null;
  logoSquare: string | null;
}

/**
 * The mark the console shows: the company's wide logo where there is room, its square one where there is not
 * (the wide one falling back to the square one), or Heliograph's sun and name for a company without logos. `height` is the
 * rendered height; the logo keeps its proportions. The image's alt text is the company's name.
 */
export function BrandMark({
  brand,
  narrow,
  height = 32,
  showName = true,
}: {
  brand: BrandLogos | null | undefined;
  narrow: boolean;
  height?: number;
  showName?: boolean;
}): React.JSX.Element {
  const wide = brand?.logoWide ?? null;
  const square = brand?.logoSquare ?? null;
  // A wide logo does not fit where there is no room: the sun stands in for a missing square one there.
  const src = narrow ? square : (wide ?? square);
  if (brand && src) {
    const isWide = src === wide;
    return (
      <>
        <img
          className={isWide ? 'hg-logo hg-logo-wide' : 'hg-logo hg-logo-square'}
          src={src}
          alt={brand.name}
          height={height}
          width={isWide ? Math.round((height * 220) / 58) : height}
        />
        {!isWide && !narrow && showName ? <span className="hg-brand-name hg-brand-company">{brand.name}</span> : null}
      </>
    );
  }
  return (
    <>
      <SunMark size={Math.min(height, 32)} />
      {narrow || !showName ? null : <span className="hg-brand-name">{PRODUCT_NAME}</span>}
    </>
  );
}
