import { useTranslation } from 'react-i18next';
import { Num } from '../batteries/Num';
import { signalWord } from '../lora/signal';
import { gatewayBars } from './gatewaySignal';
import '../lora/lora.css';

/** A gateway's RSSI as four bars with the dBm; the accessible name says the level in words and the figure. */
export function GatewaySignal({ rssi }: { rssi: number | null }): React.JSX.Element {
  const { t } = useTranslation();
  const bars = gatewayBars(rssi);
  if (bars === null || rssi === null) return <span className="hg-lora-signal-none">{t('lora.signal.unknown')}</span>;
  const word = t(`lora.signal.${signalWord(bars)}`);
  return (
    <span
      className="hg-lora-signal"
      data-bars={bars}
      data-testid="gateway-signal"
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
        <Num>{`${rssi} dBm`}</Num>
      </span>
    </span>
  );
}
