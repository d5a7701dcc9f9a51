// @vitest-environment happy-dom
import { buildPermissionTree, ROLE_PERMISSIONS, type FirmwareRow } from '@heliograph/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_KEY } from '../../../api/auth';
import { renderPage, testQueryClient } from '../../../testing/render';
import { upgradeApi } from './api';
import { BatchUpgradeButton } from './BatchUpgradeDialog';
import { T0, upgradeRowFixture } from './fixtures';

afterEach(() => vi.restoreAllMocks());

const FIRMWARE: FirmwareRow = {
  id: '00000000-0000-4000-8000-000000000130',
  kind: 'inverter',
  brand: 'Heliograph',
  product: 'HG-5K',
  epn: 'EPN-1',
  hardwareVersion: 'H1',
  softwareVersion: '1.3.0',
  compatibleVersions: [],
  fileName: 'hg-1.3.0.bin',
  size: 1024,
  sha256: 'a'.repeat(64),
  changeLog: '',
  upgradeMode: 'remote',
  enabled: true,
  released: true,
  label: null,
  vendorKey: 'vendor',
  creator: 'ops@example.com',
  createdAt: T0,
  updatedAt: T0,
  company: null,
  grants: null,
};

function renderButton(onDone = vi.fn()) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    PERMISSION_KEY,
    buildPermissionTree(ROLE_PERMISSIONS.company_admin, (k) => k),
  );
  renderPage(
    <App>
      <BatchUpgradeButton kind="inverter" sns={['INV0001', 'INV0002']} onDone={onDone} />
    </App>,
    { queryClient },
  );
  return onDone;
}

describe('batch upgrade', () => {
  it('sends the chosen firmware to the selected devices once confirmed, then says which started and which not', async () => {
    vi.spyOn(upgradeApi, 'firmware').mockResolvedValue({ total: 1, rows: [FIRMWARE] });
    const batch = vi.spyOn(upgradeApi, 'batchUpgrade').mockResolvedValue({
      started: [upgradeRowFixture({ sn: 'INV0001', toVersion: '1.3.0' })],
      refused: [{ sn: 'INV0002', code: 1202, msg: 'The device is upgrading' }],
      rollout: null,
    });
    const onDone = renderButton();
    fireEvent.click(screen.getByTestId('batch-upgrade'));
    const form = await screen.findByTestId('batch-upgrade-form');
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('1.3.0 · HG-5K'));
    fireEvent.click(within(form).getByTestId('batch-upgrade-submit'));
    // Nothing goes out before the confirmation.
    const confirm = (await screen.findAllByText('Upgrade 2 devices to 1.3.0?'))[0]!;
    expect(batch).not.toHaveBeenCalled();
    const dialog = confirm.closest<HTMLElement>('.ant-modal') ?? document.body;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(batch).toHaveBeenCalledTimes(1));
    expect(batch).toHaveBeenCalledWith({ firmwareId: FIRMWARE.id, sns: ['INV0001', 'INV0002'], confirmOffline: true });
    const result = await screen.findByTestId('batch-upgrade-result');
    expect(result.textContent).toContain('Started: 1. Refused: 1.');
    expect(result.textContent).toContain('The device is upgrading');
    expect(onDone).toHaveBeenCalled();
  });
});
