import type { UpgradeCheck, UpgradeOption, UpgradeRow } from '@heliograph/shared';

/** For tests: fixed instants (no wall clock) and rows shaped as the contract answers them. */
export const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

export function upgradeRowFixture(over: Partial<UpgradeRow> = {}): UpgradeRow {
  return {
    id: 'u-1',
    sn: 'INV0001',
    kind: 'inverter',
    model: 'HG-5K',
    plant: { id: 'p-1', name: 'Sunny Farm' },
    firmwareId: 'f-2',
    fromVersion: '1.0.0',
    toVersion: '1.2.0',
    state: 'running',
    steps: [],
    progress: null,
    error: null,
    rolloutId: null,
    wave: null,
    operator: 'ops@example.com',
    createdAt: T0,
    startedAt: T0,
    finishedAt: null,
    cancellable: true,
    ...over,
  };
}

export function optionFixture(version: string, createdAt: number, over: Partial<UpgradeOption> = {}): UpgradeOption {
  return {
    firmwareId: `00000000-0000-4000-8000-${version.replace(/\D/g, '').padStart(12, '0')}`,
    softwareVersion: version,
    fileName: `hg-${version}.bin`,
    size: 1_572_864,
    changeLog: `Changes in ${version}`,
    upgradeMode: 'remote',
    createdAt,
    ...over,
  };
}

export function checkFixture(over: Partial<UpgradeCheck> = {}): UpgradeCheck {
  return {
    sn: 'INV0001',
    kind: 'inverter',
    model: 'HG-5K',
    current: '1.0.0',
    online: true,
    gatewayOnline: true,
    options: [optionFixture('1.3.0', T0 + 2000), optionFixture('1.2.0', T0 + 1000)],
    open: null,
    ...over,
  };
}
