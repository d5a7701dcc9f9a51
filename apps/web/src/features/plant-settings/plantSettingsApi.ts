import { ERROR_CODES, type PlantSettingKind, type SettingValue } from '@heliograph/shared';
import { call } from '../../api/call';

/** The plant-level parameter calls (contracts in packages/shared/src/contracts/plant-settings.ts). */
export const plantSettingsKeys = {
  all: ['plant-settings'] as const,
  devices: (plantId: string, kind: PlantSettingKind) => ['plant-settings', plantId, kind] as const,
  log: (plantId: string, kind: PlantSettingKind) => ['plant-settings', plantId, kind, 'log'] as const,
};

export const plantSettingsApi = {
  /** "Does not exist" (700) is shown by the page, not as a toast as well. */
  devices: (plantId: string, kind: PlantSettingKind) =>
    call('GET /plant/:id/setting/:kind', { params: { id: plantId, kind } }, { tolerate: [ERROR_CODES.plantNotFound] }),
  /** A code-4 answer names the refused fields: the page shows them on the form (no toast). */
  write: (plantId: string, kind: PlantSettingKind, sns: string[], values: Record<string, SettingValue>) =>
    call(
      'POST /plant/:id/setting/:kind/write',
      { params: { id: plantId, kind }, body: { sns, values } },
      { tolerate: [ERROR_CODES.validation] },
    ),
  log: (plantId: string, kind: PlantSettingKind, page: number, size: number) =>
    call('GET /plant/:id/setting/:kind/log', { params: { id: plantId, kind }, query: { page, size } }),
};
