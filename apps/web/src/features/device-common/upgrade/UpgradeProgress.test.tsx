// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../testing/render';
import { T0, upgradeRowFixture } from './fixtures';
import { UpgradeProgress } from './UpgradeProgress';

const sending = upgradeRowFixture({
  steps: [
    { step: 'sendingCode', at: T0 + 5_000 },
    { step: 'sendingFile', at: T0 + 9_000 },
  ],
  progress: 40,
});

function show(row = sending, onCancel = vi.fn()) {
  renderPage(
    <App>
      <UpgradeProgress row={row} tz="UTC" onCancel={onCancel} />
    </App>,
  );
  return onCancel;
}

const steps = () => within(screen.getByTestId('upgrade-steps')).getAllByRole('listitem');

describe('UpgradeProgress', () => {
  it('lists the spec’s steps in order with the times they were heard, and a % bar while the file is sent', () => {
    show();
    const items = steps();
    expect(items.map((li) => li.dataset.step)).toEqual(['sendingCode', 'sendingFile', 'downloadOk', 'upgradeOk']);
    expect(items.map((li) => li.dataset.status)).toEqual(['done', 'current', 'pending', 'pending']);
    expect(items[0]?.textContent).toContain('Upgrade code sent');
    expect(items[0]?.textContent).toContain('2026-11-20 10:00:05');
    expect(items[1]?.textContent).toContain('2026-11-20 10:00:09');
    expect(items[2]?.textContent).toContain('Not yet');
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(within(items[1]!).getByTestId('upgrade-file-progress').textContent).toContain('40');
    // The current step is announced politely.
    const live = screen.getByTestId('upgrade-current');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('Now: Sending the file');
    expect(screen.getByTestId('upgrade-state').textContent).toBe('Upgrading');
  });

  it('names the failed outcome the device reported, and why', () => {
    show(
      upgradeRowFixture({
        state: 'failed',
        steps: [
          { step: 'sendingCode', at: T0 + 1_000 },
          { step: 'sendingFile', at: T0 + 2_000 },
          { step: 'downloadFailed', at: T0 + 3_000 },
        ],
        error: 'hash mismatch',
        finishedAt: T0 + 3_000,
      }),
    );
    const items = steps();
    expect(items.map((li) => li.dataset.step)).toEqual(['sendingCode', 'sendingFile', 'downloadFailed', 'upgradeOk']);
    expect(items[2]?.dataset.status).toBe('failed');
    expect(screen.getByTestId('upgrade-error').textContent).toContain('hash mismatch');
    expect(screen.queryByTestId('upgrade-cancel')).toBeNull();
    expect(screen.getByTestId('upgrade-current').textContent).toBe('');
  });

  it('asks before cancelling, and cancels only once confirmed', async () => {
    const onCancel = show();
    fireEvent.click(screen.getByTestId('upgrade-cancel'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Cancel this upgrade?');
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel the upgrade' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
  });

  it('offers no cancel when the device cannot stop, and says so', () => {
    show(upgradeRowFixture({ ...sending, cancellable: false }));
    expect(screen.queryByTestId('upgrade-cancel')).toBeNull();
    expect(screen.getByTestId('upgrade-no-cancel').textContent).toBe(
      'This device cannot stop an upgrade once it has begun.',
    );
  });

  it('shows the refusal to cancel (1209) in the server’s words', () => {
    renderPage(
      <App>
        <UpgradeProgress row={sending} tz="UTC" onCancel={vi.fn()} cancelRefused="Cannot cancel (1209)" />
      </App>,
    );
    expect(screen.getByTestId('upgrade-cancel-refused').textContent).toContain('Cannot cancel (1209)');
  });
});
