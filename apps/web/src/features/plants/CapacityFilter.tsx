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
  // Both boxes are alike but for their end of the range.
  const bound = (end: 'From' | 'To', value: Bound, onChange: (v: Bound) => void, testId: string) => (
    <InputNumber<number>
      min={0}
      max={PLANT_CAPACITY_MAX_KW}
      precision={1}
      controls={false}
      suffix="kW"
      status={upsideDown ? 'error' : undefined}
      aria-invalid={upsideDown || undefined}
      aria-describedby={upsideDown ? errorId : undefined}
      onBlur={apply}
      onPressEnter={apply}
      className="hg-capacity-input"
      placeholder={t(`plants.capacity${end}`)}
      aria-label={t(`plants.capacity${end}Label`)}
      value={value}
      onChange={onChange}
      data-testid={testId}
    />
  );
  return (
    <div className="hg-capacity-filter" role="group" aria-label={t('plants.capacityFilter')}>
      {bound('From', from, setFrom, 'plants-capacity-min')}
      <span aria-hidden="true">–</span>
      {bound('To', to, setTo, 'plants-capacity-max')}
      {upsideDown && (
        <span id={errorId} role="alert" className="hg-capacity-error" data-testid="plants-capacity-error">
          {t('plants.capacityOrder')}
        </span>
      )}
    </div>
  );
}
