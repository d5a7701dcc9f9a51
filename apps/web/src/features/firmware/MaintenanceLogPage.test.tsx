// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { buildPermissionTree, ROLE_PERMISSIONS } from '@heliograph/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_KEY } from '../../api/auth';
import { renderPage, testQueryClient } from '../../testing/render';
import { upgradeRowFixture } from '../device-common/upgrade/fixtures';
import { firmwareApi } from './api';
import MaintenanceLogPage from './MaintenanceLogPage';

const downloads = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../device-common/download', async (original) => ({
  ...(await original<typeof import('../device-common/download')>()),
  downloadFile: async (...args: unknown[]) => {
    downloads.calls.push(args);
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  downloads.calls.length = 0;
});

function open(path: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    PERMISSION_KEY,
    buildPermissionTree(ROLE_PERMISSIONS.company_admin, (k) => k),
  );
  const records = vi
    .spyOn(firmwareApi, 'records')
    .mockResolvedValue({ total: 1, rows: [upgradeRowFixture({ state: 'failed', error: 'timed out' })] });
  renderPage(
    <App>
      <MaintenanceLogPage />
    </App>,
    { path, queryClient },
  );
  return records;
}

describe('maintenance log', () => {
  it('opens on the upgrade records, the hardware list a tab beside them', async () => {
    open('/log/uphold');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Upgrade records', 'Rollouts', 'Hardware list']);
    const table = await screen.findByTestId('records-table');
    expect(await within(table).findByText('INV0001')).toBeTruthy();
    expect(within(table).getByText('Upgrade failed')).toBeTruthy();
  });

  it('sends the address’s filters and page to the records query', async () => {
    const records = open('/log/uphold?kind=inverter&state=failed&q=INV&from=1000&to=2000&page=2');
    await waitFor(() =>
      expect(records).toHaveBeenCalledWith({
        kind: 'inverter',
        state: 'failed',
        q: 'INV',
        from: 1000,
        to: 2000,
        page: 2,
        size: 20,
      }),
    );
  });

  it('puts a new search into the query, back on page 1', async () => {
    const records = open('/log/uphold?page=3');
    const search = await screen.findByLabelText('Search serial number, plant, model or version');
    fireEvent.change(search, { target: { value: 'SN-9' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(records).toHaveBeenLastCalledWith({ q: 'SN-9', page: 1, size: 20 }));
  });

  it('exports the records of the current filters', async () => {
    open('/log/uphold?kind=battery&state=succeeded');
    await screen.findByText('INV0001');
    fireEvent.click(screen.getByTestId('records-export'));
    await waitFor(() => expect(downloads.calls).toHaveLength(1));
    expect(downloads.calls[0]).toEqual([
      '/api/v1/upgrade/records/download',
      {
        query: { kind: 'battery', state: 'succeeded' },
        accept: 'spreadsheetml',
        fallbackName: 'upgrade-records.xlsx',
      },
    ]);
  });
});
