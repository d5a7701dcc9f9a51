import { loadSunSpecModel, type SunSpecGroup, type SunSpecModel, type SunSpecPoint } from '@heliograph/modbus';
import {
  LIMITS,
  isSettingsProtocol,
  metricsInverterSettings,
  type SettingField,
  type SettingsProtocol,
} from '@heliograph/shared';

/**
 * The SunSpec models whose writable points make an inverter's settings form: 121 (basic settings) and 123
 * (immediate controls). A device may name its own in `meta.sunspecModels`; these are what SunSpec
 * inverters with controls implement.
 */
export const SUNSPEC_SETTINGS_MODELS = [121, 123] as const;

/** Raw ranges of the integer types; a scaled point's range is not known before its scale factor is read. */
const TYPE_RANGE: Record<string, [number, number]> = {
  uint16: [0, 0xffff],
  int16: [-0x8000, 0x7fff],
  uint32: [0, 0xffffffff],
  int32: [-0x80000000, 0x7fffffff],
};

/** Range and decimals of a numeric point from its unit and type, capped at the register value limit. */
function numberField(model: SunSpecModel, point: SunSpecPoint): SettingField | null {
  const range = TYPE_RANGE[point.type];
  if (!range) return null;
  const unit = point.units;
  const scaled = point.sf !== undefined;
  let [min, max] = range;
  // Percentages of a maximum and power factors have natural bounds whatever the scale factor says.
  if (unit?.startsWith('%')) [min, max] = [point.type.startsWith('int') ? -100 : 0, 100];
  else if (unit?.startsWith('cos')) [min, max] = [-1, 1];
  max = Math.min(max, LIMITS.registerValueMax);
  min = Math.max(min, -LIMITS.registerValueMax);
  return {
    key: point.name,
    ...(point.label ? { label: point.label } : {}),
    group: `${model.id}`,
    type: 'number',
    min,
    max,
    decimals: scaled ? 2 : 0,
    ...(unit ? { unit } : {}),
  };
}

function pointField(model: SunSpecModel, point: SunSpecPoint): SettingField | null {
  if (point.access !== 'RW' || !point.column) return null;
  if (point.type.startsWith('enum') && point.symbols && Object.keys(point.symbols).length > 0) {
    return {
      key: point.name,
      ...(point.label ? { label: point.label } : {}),
      group: `${model.id}`,
      type: 'enum',
      options: Object.entries(point.symbols).map(([label, value]) => ({ value, label })),
    };
  }
  return numberField(model, point);
}

/** The writable points of SunSpec models, in model order, as form fields (repeating groups left out). */
export function sunspecSettingFields(models: readonly SunSpecModel[]): SettingField[] {
  const fields: SettingField[] = [];
  const seen = new Set<string>();
  const walk = (model: SunSpecModel, group: SunSpecGroup, top: boolean) => {
    if (!top && group.count !== undefined) return;
    for (const point of group.points) {
      const field = pointField(model, point);
      // Two models may share a point name; the first keeps it, as the device would answer the first.
      if (field && !seen.has(field.key)) {
        seen.add(field.key);
        fields.push(field);
      }
    }
    for (const sub of group.groups) walk(model, sub, false);
  };
  for (const model of models) walk(model, model, true);
  return fields;
}

const sunspecCache = new Map<string, SettingField[]>();

/**
 * The settings form of a device by its protocol; null when the protocol has no writable settings (answered
 * 601). `meta.sunspecModels` may list the models a SunSpec device implements; a hybrid inverter
 * (`meta.inverterKind`) with a battery behind its gateway (`battery`) adds the battery group.
 */
export function settingFieldsFor(
  protocol: string,
  meta: Record<string, unknown> = {},
  opts: { battery?: boolean } = {},
): SettingField[] | null {
  if (!isSettingsProtocol(protocol)) return null;
  return fieldsOf(protocol, meta, opts.battery ?? false);
}

function fieldsOf(protocol: SettingsProtocol, meta: Record<string, unknown>, battery: boolean): SettingField[] | null {
  if (protocol === 'metrics') return metricsInverterSettings({ hybrid: meta.inverterKind === 'hybrid', battery });
  const listed = Array.isArray(meta.sunspecModels)
    ? meta.sunspecModels.filter((m): m is number => typeof m === 'number')
    : [...SUNSPEC_SETTINGS_MODELS];
  const key = listed.join(',');
  let fields = sunspecCache.get(key);
  if (!fields) {
    const models: SunSpecModel[] = [];
    for (const id of listed) {
      try {
        models.push(loadSunSpecModel(id));
      } catch {
        // A model we do not bundle contributes nothing.
      }
    }
    fields = sunspecSettingFields(models);
    sunspecCache.set(key, fields);
  }
  return fields.length > 0 ? fields : null;
}
