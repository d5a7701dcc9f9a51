import type { PlantSettingDevice, PlantSettingGroup, SettingField, SettingValue } from '@heliograph/shared';

/** The form's values as antd holds them: an empty field is left as it is on the devices. */
export type FormValues = Record<string, SettingValue | null | undefined>;

/** What to write: the fields the person filled in, and nothing else. */
export function filledValues(fields: readonly SettingField[], form: FormValues): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const f of fields) {
    const v = form[f.key];
    if (v !== undefined && v !== null && v !== '') out[f.key] = v;
  }
  return out;
}

/** A device that can take a write now: the caller may command it and it is reachable. */
export const selectable = (d: PlantSettingDevice): boolean => d.writable;

/** Chosen at first: every device the caller may command that is not offline (an offline one would be skipped). */
export function defaultSelection(devices: readonly PlantSettingDevice[]): string[] {
  return devices.filter((d) => selectable(d) && d.status !== 'offline').map((d) => d.sn);
}

/** The group shown: the one asked for, or the first (the largest comes first: most devices share it). */
export function chooseGroup(groups: readonly PlantSettingGroup[], id: string | null): PlantSettingGroup | undefined {
  return groups.find((g) => g.id === id) ?? groups[0];
}

/** Groups in the order offered: most devices first, then by protocol. */
export function orderGroups(groups: readonly PlantSettingGroup[]): PlantSettingGroup[] {
  return [...groups].sort((a, b) => b.devices.length - a.devices.length || a.protocol.localeCompare(b.protocol));
}
