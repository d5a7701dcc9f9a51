// @vitest-environment happy-dom
import { ERROR_CODES } from '@heliograph/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { renderPage } from '../../../testing/render';
import { upgradeApi } from './api';
import { checkFixture, upgradeRowFixture } from './fixtures';
import { UpgradeDialog } from './UpgradeDialog';

afterEach(() => vi.restoreAllMocks());

/** The dialog as a device page opens it, with the API's answers stubbed. */
function openDialog() {
  const onClose = vi.fn();
  renderPage(
    <App>
      <UpgradeDialog sn="INV0001" open onClose={onClose} tz="UTC" />
    </App>,
  );
  return { onClose };
}

const refusal = (code: number, msg: string) => new ApiError(code, msg, null, 200, false);

describe('UpgradeDialog', () => {
  it('lists the firmware newest first with its change log, size and mode, the newest one chosen', async () => {
    vi.spyOn(upgradeApi, 'check').mockResolvedValue(checkFixture());
    openDialog();
    const options = await screen.findAllByTestId('upgrade-option');
    expect(options.map((o) => o.dataset.version)).toEqual(['1.3.0', '1.2.0']);
    expect(options[0]?.textContent).toContain('Changes in 1.3.0');
    expect(options[0]?.textContent).toContain('1.5 MiB');
    expect(options[0]?.textContent).toContain('Over the air');
    expect(screen.getByText('Runs now:', { exact: false }).textContent).toContain('1.0.0');
    expect(screen.getByTestId('upgrade-start').textContent).toBe('Upgrade to 1.3.0');
  });

  it('says the device already runs the latest firmware when the server answers 4001', async () => {
    vi.spyOn(upgradeApi, 'check').mockRejectedValue(refusal(ERROR_CODES.firmwareLatest, 'Already the latest'));
    openDialog();
    expect(await screen.findByText('The device already runs the latest firmware.')).toBeTruthy();
    expect(screen.queryByTestId('upgrade-start')).toBeNull();
  });

  it('asks before upgrading an offline device (1201) and repeats the start with confirmOffline', async () => {
    vi.spyOn(upgradeApi, 'check').mockResolvedValue(checkFixture({ online: false }));
    const start = vi
      .spyOn(upgradeApi, 'start')
      .mockRejectedValueOnce(refusal(ERROR_CODES.deviceOffline, 'Device offline'))
      .mockResolvedValueOnce(upgradeRowFixture({ toVersion: '1.3.0' }));
    const { onClose } = openDialog();
    fireEvent.click(await screen.findByTestId('upgrade-start'));
    expect(await screen.findByText('The device is offline: the upgrade may fail. Continue?')).toBeTruthy();
    expect(start).toHaveBeenCalledTimes(1);
    const firmwareId = checkFixture().options[0]?.firmwareId;
    expect(start).toHaveBeenNthCalledWith(1, 'INV0001', firmwareId, false);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
    expect(start).toHaveBeenNthCalledWith(2, 'INV0001', firmwareId, true);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s own words for a refusal such as 1208 (this firmware is installed on site only)', async () => {
    vi.spyOn(upgradeApi, 'check').mockResolvedValue(checkFixture());
    vi.spyOn(upgradeApi, 'start').mockRejectedValue(refusal(ERROR_CODES.firmwareNoLocalUpgrade, 'Nur vor Ort'));
    const { onClose } = openDialog();
    fireEvent.click(await screen.findByTestId('upgrade-start'));
    expect((await screen.findByTestId('upgrade-refused')).textContent).toContain('Nur vor Ort');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says an offline gateway makes the upgrade wait for it', async () => {
    vi.spyOn(upgradeApi, 'check').mockResolvedValue(checkFixture({ gatewayOnline: false, online: false }));
    openDialog();
    expect((await screen.findByTestId('upgrade-gateway-offline')).textContent).toContain(
      'The upgrade will start by itself when the gateway comes back online.',
    );
  });
});
