import { PlantSettingsView } from './PlantSettingsView';

/** /plants/comm-setting — the communication settings of a plant's gateways, set at once. */
export default function PlantCommSettingPage(): React.JSX.Element {
  return <PlantSettingsView kind="comm" />;
}
