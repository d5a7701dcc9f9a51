// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { ERROR_CODES, type PlantSettingsAnswer } from '@heliograph/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { plantApi } from '../../api/plants';
import { renderPage } from '../../testing/render';
import { PlantSettingsView } from './PlantSettingsView';
import { plantSettingsApi } from './plantSettingsApi';

const PLANT = '0b7c1f7e-9a33-4d53-9a7e-1f7b0c0d0e01';

const answer = (over: Partial<PlantSettingsAnswer> = {}): PlantSettingsAnswer => ({
  plantId: PLANT,
  plantName: 'Roof',
  kind: 'inverter',
  canWrite: true,
  unsupported: [],
  groups: [
    {
      id: 'metrics:1',
      protocol: 'metrics',
      fields: [{ key: 'activePowerLimit', group: 'power', type: 'number', min: 0, max: 100, decimals: 0, unit: '%' }],
      devices: ['INV1', 'INV2'].map((sn, i) => ({
        sn,
        alias: null,
        model: 'SIM',
        status: i === 0 ? 'normal' : 'offline',
        gatewaySn: 'GW1',
        batterySn: null,
        writable: true,
        values: {},
      })),
    },
  ],
  ...over,
});

beforeEach(() => {
  vi.spyOn(plantApi, 'list').mockResolvedValue({ total: 0, rows: [] } as never);
  vi.spyOn(plantSettingsApi, 'log').mockResolvedValue({ total: 0, rows: [] });
});
afterEach(() => vi.restoreAllMocks());

const open = (path: string, kind: 'inverter' | 'battery' | 'comm' = 'inverter') =>
  renderPage(
    <App>
      <PlantSettingsView kind={kind} />
    </App>,
    { path },
  );

describe('plant parameter pages', () => {
  it('ask for a plant first', () => {
    open('/plants/setting');
    expect(screen.getByTestId('plant-settings-pick').textContent).toContain('Choose the plant');
  });

  it('say so when the plant has no such device', async () => {
    vi.spyOn(plantSettingsApi, 'devices').mockResolvedValueOnce(answer({ kind: 'battery', groups: [] }));
    open(`/plants/batt-setting?plant=${PLANT}`, 'battery');
    expect((await screen.findByTestId('plant-settings-empty')).textContent).toContain(
      'no hybrid inverter with a battery',
    );
  });

  it('answers a plant that does not exist', async () => {
    vi.spyOn(plantSettingsApi, 'devices').mockRejectedValue(
      new ApiError(ERROR_CODES.plantNotFound, 'gone', null, 200, false),
    );
    open(`/plants/setting?plant=${PLANT}`);
    expect((await screen.findByTestId('plant-settings-missing')).textContent).toContain('does not exist');
  });

  it('writes what was filled to the chosen devices and shows each device’s result', async () => {
    vi.spyOn(plantSettingsApi, 'devices').mockResolvedValue(answer());
    const write = vi.spyOn(plantSettingsApi, 'write').mockResolvedValue({
      results: [
        { sn: 'INV1', result: 'succeeded', reason: null, error: null, commandId: 'c1', commandStatus: 'succeeded' },
        { sn: 'INV2', result: 'skipped', reason: 'offline', error: null, commandId: null, commandStatus: null },
      ],
      succeeded: 1,
      failed: 0,
      skipped: 1,
    });
    open(`/plants/setting?plant=${PLANT}`);
    await screen.findByTestId('plant-settings-devices');
    // The offline inverter is not chosen at first; choosing all adds it.
    expect(screen.getByTestId('plant-settings-write').textContent).toContain('(1)');
    fireEvent.click(screen.getByTestId('plant-settings-all'));
    expect(screen.getByTestId('plant-settings-write').textContent).toContain('(2)');

    fireEvent.change(screen.getByTestId('setting-activePowerLimit'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('plant-settings-write'));
    fireEvent.click(await screen.findByRole('button', { name: 'Write' }));
    await waitFor(() =>
      expect(write).toHaveBeenCalledWith(PLANT, 'inverter', ['INV1', 'INV2'], { activePowerLimit: 80 }),
    );
    const results = await screen.findByTestId('plant-settings-results');
    expect(results.textContent).toContain('1 succeeded, 0 failed, 1 skipped');
    const row = within(results).getByText('INV2').closest('tr');
    expect(row?.textContent).toContain('Skipped');
    expect(row?.textContent).toContain('Device offline');
  });
});
