import { EFFICIENCY_BANDS, bandColours } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';

/** The eleven efficiency bands with their colours: below 10 %, each 10-point step, above 100 %. */
export function BandLegend(): React.JSX.Element {
  const { t } = useTranslation();
  const bands = Array.from({ length: EFFICIENCY_BANDS }, (_, b) => b);
  const label = (b: number) =>
    b === 0
      ? t('plantLayout.legend.below', { n: 10 })
      : b === EFFICIENCY_BANDS - 1
        ? t('plantLayout.legend.above', { n: 100 })
        : t('plantLayout.legend.range', { from: b * 10, to: b * 10 + 10 });
  return (
    <figure className="hg-lt-legend" aria-labelledby="hg-lt-legend-title">
      <figcaption id="hg-lt-legend-title" className="hg-lt-legend-title">
        {t('plantLayout.legend.title')}
      </figcaption>
      <ul className="hg-lt-legend-list">
        {bands.map((b) => {
          const { fill, text } = bandColours(b);
          return (
            <li key={b} className="hg-lt-legend-item" style={{ background: fill, color: text }}>
              {label(b)}
            </li>
          );
        })}
        <li className="hg-lt-legend-item" style={{ background: bandColours(null).fill, color: bandColours(null).text }}>
          {t('plantLayout.legend.noData')}
        </li>
      </ul>
    </figure>
  );
}
