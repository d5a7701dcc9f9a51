import { BatterySettingView } from './BatterySettingView';

/** /device/batt-setting — the page lives in features/battery-setting. */
export default function BatterySettingPage(): React.JSX.Element {
  return <BatterySettingView />;
}
