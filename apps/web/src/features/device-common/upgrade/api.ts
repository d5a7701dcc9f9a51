import {
  ERROR_CODES,
  type batchUpgradeBody,
  type FirmwareKind,
  type UpgradeCheck,
  type UpgradeRow,
} from '@heliograph/shared';
import type { z } from 'zod';
import { call } from '../../../api/call';

/**
 * The upgrade calls every device page shares (contracts in packages/shared/src/contracts/upgrades.ts). One set
 * of calls serves every kind: the server decides the permission from the device's kind.
 */

/** The codes the dialog shows itself, in its own words or as the server's translated message, not as a toast. */
export const START_REFUSALS: readonly number[] = [
  ERROR_CODES.deviceOffline,
  ERROR_CODES.deviceUpgrading,
  ERROR_CODES.batterySlaveUpgrade,
  ERROR_CODES.firmwareNoLocalUpgrade,
  // Spec §4: some states block an upgrade; the server names the state.
  ERROR_CODES.stateForbidsCommand,
  ERROR_CODES.inverterMustBeOnline,
];

export type BatchUpgradeInput = z.input<typeof batchUpgradeBody>;

export const upgradeKeys = {
  all: ['upgrade'] as const,
  check: (sn: string) => ['upgrade', 'check', sn] as const,
  progress: (sn: string) => ['upgrade', 'progress', sn] as const,
  firmware: (kind: FirmwareKind) => ['upgrade', 'firmware', kind] as const,
};

export const upgradeApi = {
  /** What the device runs and what it may take; 4001 ("already the latest") is the dialog's to say. */
  check: (sn: string): Promise<UpgradeCheck> =>
    call('POST /equip/:sn/upgrade/check', { params: { sn } }, { tolerate: [ERROR_CODES.firmwareLatest] }),
  start: (sn: string, firmwareId: string, confirmOffline = false): Promise<UpgradeRow> =>
    call(
      'POST /equip/:sn/upgrade',
      { params: { sn }, body: { firmwareId, confirmOffline } },
      { tolerate: START_REFUSALS },
    ),
  /** 1209 (this device cannot stop) is shown on the progress card. */
  cutUpgrade: (sn: string): Promise<UpgradeRow> =>
    call('POST /equip/:sn/cutUpgrade', { params: { sn } }, { tolerate: [ERROR_CODES.inverterNoCancel] }),
  /** The device's newest upgrade, or null; polled in the background, so no toast when one poll fails. */
  progress: (sn: string): Promise<UpgradeRow | null> =>
    call('GET /equip/:sn/upgrade/progress', { params: { sn } }, { silent: true }),
  batchUpgrade: (body: BatchUpgradeInput) => call('POST /equip/batchUpgrade', { body }),
  /** The firmware a batch may install: the kind's enabled and released images (the newest page is plenty). */
  firmware: (kind: FirmwareKind) =>
    call('GET /firmware/list', { query: { kind, released: 'true', enabled: 'true', page: 1, size: 100 } }),
};
