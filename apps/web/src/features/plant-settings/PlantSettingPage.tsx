import { PlantSettingsView } from './PlantSettingsView';

/** /plants/setting — the inverter parameters of a plant's inverters, set at once. */
export default function PlantSettingPage(): React.JSX.Element {
  return <PlantSettingsView kind="inverter" />;
}
