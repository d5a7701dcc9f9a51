import { bundledSunSpecModelIds, loadSunSpecModel, type SunSpecModel } from '@heliograph/modbus';
import type { DiscoverScanAnswer, SunspecScanResult } from '@heliograph/shared';
import { ValidationError } from '../../http/errors.js';
import { sunSpecColumns } from './seed.js';

/**
 * SunSpec discovery (issue 14 item 4): the models a gateway found on a device become a proposed protocol,
 * one config per model the console knows, with the columns `sunSpecColumns` makes for the shipped SunSpec
 * maps (seed.ts), at the address the device has the model at.
 */

const known = new Set(bundledSunSpecModelIds());

function modelOf(id: number): SunSpecModel | undefined {
  return known.has(id) ? loadSunSpecModel(id) : undefined;
}

/** A config name for a model: `common` for model 1 (as the shipped maps), else the model's own name. */
function configName(id: number, model: SunSpecModel, taken: Set<string>): string {
  const stem = id === 1 ? 'common' : model.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 28) || `model_${id}`;
  let name = stem;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}_${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export interface ProposedModel {
  id: number;
  address: number;
}

/** The configs of a proposal, from the models (number and ID-register address) found; unknown models are left out. */
export function proposeConfigs(models: readonly ProposedModel[], foundOn?: string): DiscoverScanAnswer['proposal'] {
  const taken = new Set<string>();
  const configs: DiscoverScanAnswer['proposal']['configs'] = [];
  for (const m of models) {
    const model = modelOf(m.id);
    if (!model) continue;
    const columns = sunSpecColumns(model, m.address);
    if (columns.length === 0) continue;
    const where = foundOn ? ` (found on ${foundOn})` : '';
    configs.push({
      name: configName(m.id, model, taken),
      model: m.id,
      address: m.address,
      note: `SunSpec model ${m.id} at ${m.address}${where}`.slice(0, 200),
      columns,
    });
  }
  return { manufacturer: 'SunSpec', protocolVersion: models.map((m) => m.id).join(' '), configs };
}

/** The scan's models with their names from the SunSpec definitions (null for a model the console does not know). */
export function describeModels(scan: SunspecScanResult): DiscoverScanAnswer['models'] {
  return scan.models.map((m) => {
    const model = modelOf(m.id);
    return { ...m, name: model?.name ?? null, label: model?.label ?? null };
  });
}

/** A save names only models the console knows; any other is a field error naming the model list. */
export function checkSaveModels(models: readonly ProposedModel[]): void {
  if (models.some((m) => !known.has(m.id))) throw new ValidationError([{ field: 'models', rule: 'sunspecModel' }]);
}
