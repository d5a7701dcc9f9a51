import { Card, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cells, CellStats } from './batteryApi';
import { cellColour } from './cellColour';
import { reading } from '../device-common/figures';
import { FigureLegend } from '../device-common/FigureLegend';

type Measure = 'voltage' | 'temperature';
const UNIT: Record<Measure, { unit: string; digits: number }> = {
  voltage: { unit: 'V', digits: 3 },
  temperature: { unit: '°C', digits: 1 },
};

/** Cell voltages or temperatures as a heat map, the lowest and highest cell marked, with min/max/spread. */
export function CellGrid({ cells, locale }: { cells: Cells | undefined; locale: string }): React.JSX.Element {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<Measure>('voltage');
  const stats: CellStats | null = cells ? cells[measure] : null;
  const { unit, digits } = UNIT[measure];
  const fmt = (v: number | null | undefined) => reading(v, unit, digits, locale);
  return (
    <Card
      size="small"
      title={t('batteries.cells.title')}
      data-testid="battery-cells"
      extra={
        <Segmented<Measure>
          size="small"
          value={measure}
          onChange={setMeasure}
          aria-label={t('batteries.cells.measure')}
          options={[
            { value: 'voltage', label: t('batteries.cells.voltage') },
            { value: 'temperature', label: t('batteries.cells.temperature') },
          ]}
        />
      }
    >
      {!cells || cells.cells.length === 0 || !stats ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batteries.cells.none')} />
      ) : (
        <>
          <ul className="hg-cells" aria-label={t('batteries.cells.title')}>
            {cells.cells.map((c) => {
              const value = c[measure];
              const extreme = c.index === stats.minCell ? 'min' : c.index === stats.maxCell ? 'max' : undefined;
              const label = t('batteries.cells.cell', { n: c.index });
              return (
                <li
                  key={c.index}
                  className="hg-cell"
                  data-extreme={extreme}
                  data-testid="battery-cell"
                  style={{ background: cellColour(value, stats.min, stats.max) }}
                  aria-label={`${label}: ${fmt(value)}${extreme ? ` (${t(`batteries.cells.${extreme}`)})` : ''}`}
                >
                  <span className="hg-cell-index" aria-hidden="true">
                    {c.index}
                  </span>
                  <span className="hg-cell-value" aria-hidden="true">
                    {reading(value, '', digits, locale)}
                  </span>
                </li>
              );
            })}
          </ul>
          <FigureLegend
            data-testid="battery-cell-stats"
            items={[
              {
                key: 'min',
                label: t('batteries.cells.min'),
                value: fmt(stats.min),
                note: t('batteries.cells.cell', { n: stats.minCell }),
              },
              {
                key: 'max',
                label: t('batteries.cells.max'),
                value: fmt(stats.max),
                note: t('batteries.cells.cell', { n: stats.maxCell }),
              },
              { key: 'spread', label: t('batteries.cells.spread'), value: fmt(stats.spread) },
              { key: 'average', label: t('batteries.cells.average'), value: fmt(stats.average) },
            ]}
          />
        </>
      )}
    </Card>
  );
}
