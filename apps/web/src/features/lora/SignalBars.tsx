import { SignalBars as Bars } from '../device-common/SignalBars';
import { signalBars } from '../device-common/signal';

/** A lora node's RSSI on the LoRa scale. */
export function SignalBars({ rssi }: { rssi: number | null }): React.JSX.Element {
  return <Bars rssi={rssi} bars={signalBars} testId="lora-signal" />;
}
