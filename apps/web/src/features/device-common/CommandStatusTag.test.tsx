// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import { CommandOutcomeTag, CommandStatusTag } from './CommandStatusTag';

describe('CommandStatusTag', () => {
  it('says how a command ended in words, not only in colour', () => {
    renderPage(<CommandStatusTag status="timed_out" />);
    const tag = screen.getByTestId('command-status');
    expect(tag.textContent).toBe('Timed out');
    expect(tag.dataset.status).toBe('timed_out');
  });

  it('shows "Sent" while a command is on its way, then its outcome, and nothing before the first one', () => {
    const { rerender } = renderPage(<CommandOutcomeTag pending status={undefined} />);
    expect(screen.getByTestId('command-status').textContent).toBe('Sent');
    rerender(<CommandOutcomeTag pending={false} status="failed" />);
    expect(screen.getByTestId('command-status').textContent).toBe('Failed');
    rerender(<CommandOutcomeTag pending={false} status={undefined} />);
    expect(screen.queryByTestId('command-status')).toBeNull();
  });
});
