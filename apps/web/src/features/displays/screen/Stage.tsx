import { DISPLAY_STAGE } from '@heliograph/shared';
import { useEffect, useState } from 'react';
import { stageScale } from '../displayUrl';

/**
 * The 1920×1080 stage (spec §9) scaled to the window with a CSS transform, letterboxed: every style is drawn
 * once at its design size and fits any screen. For the spliced style the logical picture is `cols`×`rows`
 * stages and this screen shows the tile (`row`, `col`, from 1) of it.
 */
export function Stage({
  rows = 1,
  cols = 1,
  tile = [1, 1],
  children,
}: {
  rows?: number;
  cols?: number;
  tile?: [number, number];
  children: React.ReactNode;
}): React.JSX.Element {
  const [size, setSize] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const { width, height } = DISPLAY_STAGE;
  const scale = stageScale(size.w, size.h, width, height);
  const left = (size.w - width * scale) / 2;
  const top = (size.h - height * scale) / 2;
  // The logical picture's unit: type and gaps grow with the smaller side of the wall, so a 2×2 wall reads
  // like one big screen and a 1×3 strip gets a wider map at the same type size.
  const unit = Math.min(rows, cols);
  return (
    <div className="hg-stage-viewport">
      <div
        className="hg-stage"
        style={{ width, height, transform: `translate(${left}px, ${top}px) scale(${scale})` }}
        data-testid="display-stage"
        data-scale={scale.toFixed(3)}
      >
        <div
          className="hg-stage-picture"
          style={
            {
              width: width * cols,
              height: height * rows,
              transform: `translate(${-(tile[1] - 1) * width}px, ${-(tile[0] - 1) * height}px)`,
              '--u': `${unit}px`,
            } as React.CSSProperties
          }
        >
          {children}
        </div>
      </div>
    </div>
  );
}
