// @vitest-environment happy-dom
import { buildPermissionTree, ROLE_PERMISSIONS, type RolloutRow } from '@heliograph/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_KEY } from '../../api/auth';
import { renderPage, testQueryClient } from '../../testing/render';
import { T0 } from '../device-common/upgrade/fixtures';
import { firmwareApi } from './api';
import { Rollouts } from './Rollouts';

afterEach(() => vi.restoreAllMocks());

const rollout = (id: string, state: RolloutRow['state']): RolloutRow => ({
  id,
  firmwareId: 'f-1',
  kind: 'inverter',
  toVersion: '1.3.0',
  state,
  wavePercent: 10,
  haltPercent: 20,
  wave: 2,
  waves: 5,
  devices: 40,
  succeeded: 6,
  failed: 3,
  pending: 31,
  operator: 'ops@example.com',
  createdAt: T0,
});

function show(onShowRecords = vi.fn()) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    PERMISSION_KEY,
    buildPermissionTree(ROLE_PERMISSIONS.company_admin, (k) => k),
  );
  vi.spyOn(firmwareApi, 'rollouts').mockResolvedValue({
    total: 2,
    rows: [rollout('r-halted', 'halted'), rollout('r-running', 'running')],
  });
  renderPage(
    <App>
      <Rollouts onShowRecords={onShowRecords} tz="UTC" />
    </App>,
    { queryClient },
  );
  return onShowRecords;
}

describe('rollouts', () => {
  it('shows each rollout’s wave and counts, and offers resume and abort only for a halted one', async () => {
    show();
    const table = await screen.findByTestId('rollouts-table');
    expect(await within(table).findAllByText('2 / 5')).toHaveLength(2);
    expect(within(table).getAllByText('Failed: 3')).toHaveLength(2);
    expect(screen.getByTestId('rollout-resume-r-halted')).toBeTruthy();
    expect(screen.getByTestId('rollout-abort-r-halted')).toBeTruthy();
    expect(screen.queryByTestId('rollout-resume-r-running')).toBeNull();
    expect(screen.queryByTestId('rollout-abort-r-running')).toBeNull();
  });

  it('resumes at once, but aborts only once confirmed', async () => {
    show();
    const resume = vi.spyOn(firmwareApi, 'resumeRollout').mockResolvedValue(rollout('r-halted', 'running'));
    const abort = vi.spyOn(firmwareApi, 'abortRollout').mockResolvedValue(rollout('r-halted', 'aborted'));
    fireEvent.click(await screen.findByTestId('rollout-resume-r-halted'));
    await waitFor(() => expect(resume).toHaveBeenCalledWith('r-halted'));
    fireEvent.click(screen.getByTestId('rollout-abort-r-halted'));
    const title = (await screen.findAllByText('Abort the rollout of 1.3.0?'))[0]!;
    expect(abort).not.toHaveBeenCalled();
    const dialog = title.closest<HTMLElement>('.ant-modal') ?? document.body;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abort' }));
    await waitFor(() => expect(abort).toHaveBeenCalledWith('r-halted'));
  });

  it('opens the records of one rollout', async () => {
    const onShowRecords = show();
    fireEvent.click(await screen.findByTestId('rollout-records-r-running'));
    expect(onShowRecords).toHaveBeenCalledWith('r-running');
  });
});
