// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import { signalBars } from './signal';
import { SignalBars } from './SignalBars';

describe('SignalBars', () => {
  it('names the level and the figure for a screen reader and lights that many bars', () => {
    renderPage(<SignalBars rssi={-70} bars={signalBars} testId="signal" />);
    const signal = screen.getByTestId('signal');
    const bars = signalBars(-70);
    expect(bars).not.toBeNull();
    expect(signal.dataset.bars).toBe(String(bars));
    expect(signal.getAttribute('role')).toBe('img');
    expect(signal.getAttribute('aria-label')).toMatch(/^Signal \w+, -70 dBm$/);
    expect(signal.textContent).toContain('-70 dBm');
    expect(signal.querySelectorAll('.hg-lora-bar-on')).toHaveLength(bars ?? 0);
  });

  it('says "Not reported" when the device has not sent a level', () => {
    renderPage(<SignalBars rssi={null} bars={signalBars} testId="signal" />);
    expect(screen.queryByTestId('signal')).toBeNull();
    expect(screen.getByText('Not reported')).toBeTruthy();
  });
});
