import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** "‹ November 2026 ›": steps a month or year back and forth within the plant's life. */
export function PeriodStepper({
  label,
  unit,
  canBack,
  canForward,
  onStep,
}: {
  label: string;
  unit: 'month' | 'year';
  canBack: boolean;
  canForward: boolean;
  onStep: (delta: -1 | 1) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="hg-stepper" role="group" aria-label={t(`overview.energy.${unit}Picker`)}>
      <Button
        size="small"
        type="text"
        className="hg-flip-rtl"
        icon={<LeftOutlined />}
        aria-label={t(`overview.energy.previous_${unit}`)}
        disabled={!canBack}
        onClick={() => onStep(-1)}
      />
      <span className="hg-stepper-label" aria-live="polite">
        {label}
      </span>
      <Button
        size="small"
        type="text"
        className="hg-flip-rtl"
        icon={<RightOutlined />}
        aria-label={t(`overview.energy.next_${unit}`)}
        disabled={!canForward}
        onClick={() => onStep(1)}
      />
    </div>
  );
}
