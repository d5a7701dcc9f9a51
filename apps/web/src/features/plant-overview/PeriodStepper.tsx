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
  const step = (delta: -1 | 1) => (
    <Button
      size="small"
      type="text"
      className="hg-flip-rtl"
      icon={delta < 0 ? <LeftOutlined /> : <RightOutlined />}
      aria-label={t(`overview.energy.${delta < 0 ? 'previous' : 'next'}_${unit}`)}
      disabled={delta < 0 ? !canBack : !canForward}
      onClick={() => onStep(delta)}
    />
  );
  return (
    <div className="hg-stepper" role="group" aria-label={t(`overview.energy.${unit}Picker`)}>
      {step(-1)}
      <span className="hg-stepper-label" aria-live="polite">
        {label}
      </span>
      {step(1)}
    </div>
  );
}
