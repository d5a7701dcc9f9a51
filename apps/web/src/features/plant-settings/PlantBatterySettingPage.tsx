import { PlantSettingsView } from './PlantSettingsView';

/** /plants/batt-setting — the battery parameters of a plant's hybrid inverters, set at once. */
export default function PlantBatterySettingPage(): React.JSX.Element {
  return <PlantSettingsView kind="battery" />;
}
