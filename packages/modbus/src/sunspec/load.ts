/**
 * Loads the SunSpec model definitions bundled in packages/modbus/sunspec-models. The only file of the
 * package that uses Node APIs: everything else runs in a browser, which would get the JSON some other way
 * and hand it to parseSunSpecModel.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { ModbusError } from '../errors.js';
import { parseSunSpecModel, type SunSpecModel } from './model.js';

const MODELS_DIR = new URL('../../sunspec-models/', import.meta.url);

/** Ids of the bundled models, ascending. */
export function bundledSunSpecModelIds(): number[] {
  return readdirSync(MODELS_DIR)
    .map((file) => /^model_(\d+)\.json$/.exec(file)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

const cache = new Map<number, SunSpecModel>();

export function loadSunSpecModel(id: number): SunSpecModel {
  const cached = cache.get(id);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(new URL(`model_${id}.json`, MODELS_DIR), 'utf8');
  } catch {
    throw new ModbusError('config', `SunSpec model ${id} is not bundled`);
  }
  const model = parseSunSpecModel(JSON.parse(text));
  if (model.id !== id) throw new ModbusError('config', `model_${id}.json defines model ${model.id}`);
  cache.set(id, model);
  return model;
}

/** Every bundled model by id: what readSunSpecDevice takes. */
export function loadSunSpecModels(): Map<number, SunSpecModel> {
  return new Map(bundledSunSpecModelIds().map((id) => [id, loadSunSpecModel(id)]));
}
