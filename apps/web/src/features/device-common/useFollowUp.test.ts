// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFollowUp } from './useFollowUp';

describe('useFollowUp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads again at once, then at 2 s and 6 s, when the device’s report on change has come in', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => useFollowUp());
    result.current(refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(4_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('stops reading once the page is gone', () => {
    const refresh = vi.fn();
    const { result, unmount } = renderHook(() => useFollowUp());
    result.current(refresh);
    unmount();
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
