import { PLANT_CAPACITY_MAX_KW } from '@heliograph/shared';
import { InputNumber } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Bound = number | null;

/**
 * Capacity from–to in kW (spec §5: 0–50,000). Applied when a box is left or Enter is pressed; a range whose
 * start is above its end is explained and not applied, so the list keeps showing what it showed.
 */
export function CapacityFilter({
  min,
  max,
  onApply,
}: {
  min: number | undefined;
  max: number | undefined;
  onApply: (range: { min: Bound; max: Bound }) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const errorId = useId();
  const [from, setFrom] = useState<Bound>(min ?? null);
  const [to, setTo] = useState<Bound>(max ?? null);
  useEffect(() => {
    setFrom(min ?? null);
    setTo(max ?? null);
  }, [min, max]);

  const upsideDown = from !== null && to !== null && from > to;
  const apply = (): void => {
    if (upsideDown) return;
    if (from === (min ?? null) && to === (max ?? null)) return;
    onApply({ min: from, max: to });
  };
  const common = {
    min: 0,
    max: PLANT_CAPACITY_MAX_KW,
    precision: 1,
    controls: false,
    suffix: 'kW',
    status: upsideDown ? ('error' as const) : undefined,
    'aria-invalid': upsideDown || undefined,
    'aria-describedby': upsideDown ? errorId : undefined,
    onBlur: apply,
    onPressEnter: apply,
  };
  return (
    <div className="hg-capacity-filter" role="group" aria-label={t('plants.capacityFilter')}>
      <InputNumber<number>
        {...common}
        className="hg-capacity-input"
        placeholder={t('plants.capacityFrom')}
        aria-label={t('plants.capacityFromLabel')}
        value={from}
        onChange={(v) => setFrom(v)}
        data-testid="plants-capacity-min"
      />
      <span aria-hidden="true">–</span>
      <InputNumber<number>
        {...common}
        className="hg-capacity-input"
        placeholder={t('plants.capacityTo')}
        aria-label={t('plants.capacityToLabel')}
        value={to}
        onChange={(v) => setTo(v)}
        data-testid="plants-capacity-max"
      />
      {upsideDown && (
        <span id={errorId} role="alert" className="hg-capacity-error" data-testid="plants-capacity-error">
          {t('plants.capacityOrder')}
        </span>
      )}
    </div>
  );
}
