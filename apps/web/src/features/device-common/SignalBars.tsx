import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { signalWord } from './signal';
import './signalBars.css';

/**
 * RSSI as four bars with the dBm beside them, for gateways and lora nodes alike; `bars` is the radio's own
 * scale (4G/Wi-Fi and LoRa read the same dBm differently). The bars are decoration for the eye; the accessible
 * name says the level in words and the figure, so neither colour nor shape carries it alone.
 */
export function SignalBars({
  rssi,
  bars: barsOf,
  testId,
}: {
  rssi: number | null;
  bars: (rssi: number | null) => number | null;
  testId: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const bars = barsOf(rssi);
  if (bars === null || rssi === null) return <span className="hg-lora-signal-none">{t('lora.signal.unknown')}</span>;
  const word = t(`lora.signal.${signalWord(bars)}`);
  return (
    <span
      className="hg-lora-signal"
      data-bars={bars}
      data-testid={testId}
      role="img"
      aria-label={t('lora.signal.label', { level: word, rssi })}
      title={word}
    >
      <span className="hg-lora-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((b) => (
          <span key={b} className={`hg-lora-bar${b <= bars ? ' hg-lora-bar-on' : ''}`} style={{ height: 3 + b * 3 }} />
        ))}
      </span>
      <span className="hg-num" aria-hidden="true">
        <Quantity>{`${rssi} dBm`}</Quantity>
      </span>
    </span>
  );
}
