import { SignalBars } from '../device-common/SignalBars';
import { gatewayBars } from './gatewaySignal';

/** A gateway's RSSI on the 4G/Wi-Fi scale. */
export function GatewaySignal({ rssi }: { rssi: number | null }): React.JSX.Element {
  return <SignalBars rssi={rssi} bars={gatewayBars} testId="gateway-signal" />;
}
