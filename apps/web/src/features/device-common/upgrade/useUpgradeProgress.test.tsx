// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testQueryClient } from '../../../testing/render';
import { upgradeApi } from './api';
import { DeviceUpgradeCard } from './DeviceUpgradeCard';
import { T0, upgradeRowFixture } from './fixtures';
import { UPGRADE_POLL_MS, upgradePollInterval } from './useUpgradeProgress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets react-query's timers and promises run for `ms` of fake time. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const running = upgradeRowFixture({ steps: [{ step: 'sendingCode', at: T0 + 1_000 }] });
const succeeded = upgradeRowFixture({
  state: 'succeeded',
  steps: [
    { step: 'sendingCode', at: T0 + 1_000 },
    { step: 'sendingFile', at: T0 + 2_000 },
    { step: 'downloadOk', at: T0 + 3_000 },
    { step: 'upgradeOk', at: T0 + 4_000 },
  ],
  finishedAt: T0 + 4_000,
});

describe('upgrade progress polling', () => {
  it('polls every 2 s while an upgrade is open and never once it is final', () => {
    expect(upgradePollInterval(running)).toBe(UPGRADE_POLL_MS);
    expect(upgradePollInterval(upgradeRowFixture({ state: 'waiting' }))).toBe(2_000);
    expect(upgradePollInterval(upgradeRowFixture({ state: 'queued' }))).toBe(2_000);
    for (const state of ['succeeded', 'failed', 'cancelled', 'cancelFailed'] as const)
      expect(upgradePollInterval(upgradeRowFixture({ state }))).toBe(false);
    expect(upgradePollInterval(null)).toBe(false);
    expect(upgradePollInterval(undefined)).toBe(false);
  });

  it('follows a running upgrade, stops when it succeeds and fetches the device again', async () => {
    const progress = vi
      .spyOn(upgradeApi, 'progress')
      .mockResolvedValueOnce(running)
      .mockResolvedValueOnce(running)
      .mockResolvedValue(succeeded);
    const queryClient = testQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderPage(
      <App>
        <DeviceUpgradeCard sn="INV0001" refresh={['inverter', 'detail', 'INV0001']} tz="UTC" />
      </App>,
      { queryClient },
    );
    await pass(50);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('device-upgrade')).toBeTruthy();
    await pass(UPGRADE_POLL_MS);
    expect(progress).toHaveBeenCalledTimes(2);
    await pass(UPGRADE_POLL_MS);
    expect(progress).toHaveBeenCalledTimes(3);
    // Final: folded into one line, the device page refreshed, and no more polls.
    expect(screen.queryByTestId('device-upgrade')).toBeNull();
    expect(screen.getByTestId('device-upgrade-last').textContent).toContain('Upgrade successful');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['inverter', 'detail', 'INV0001'] });
    await pass(UPGRADE_POLL_MS * 5);
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it('shows nothing for a device never upgraded, and does not poll', async () => {
    const progress = vi.spyOn(upgradeApi, 'progress').mockResolvedValue(null);
    renderPage(
      <App>
        <DeviceUpgradeCard sn="INV0001" tz="UTC" />
      </App>,
    );
    await pass(UPGRADE_POLL_MS * 3);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('device-upgrade')).toBeNull();
    expect(screen.queryByTestId('device-upgrade-last')).toBeNull();
  });
});
