// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { DisplayTotals } from '@heliograph/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDisplayLive } from './useDisplayLive';

const TOTALS = { at: 1, plants: 2, powerW: 1500 } as unknown as DisplayTotals;

/** A streamed answer whose body says `text` and then ends (as a server restart ends it), or stays open. */
function stream(text: string, keepOpen = false) {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      if (!keepOpen) controller.close();
    },
  });
  return { status: 200, ok: true, body } as unknown as Response;
}
const refused = { status: 401, ok: false, body: null } as unknown as Response;

const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the display’s live stream', () => {
  it('hands over the totals, reconnects by itself after the stream ends, and leaves nothing behind', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(stream(`event: ready\ndata: {}\n\nevent: totals\ndata: ${JSON.stringify(TOTALS)}\n\n`))
      .mockResolvedValue(stream('event: ready\ndata: {}\n\n', true));
    vi.stubGlobal('fetch', fetch);
    const seen: DisplayTotals[] = [];
    const hook = renderHook(() => useDisplayLive('d1', 'hgl_token', (t) => seen.push(t)));
    await pass(10);
    expect(seen).toEqual([TOTALS]);
    // The first stream ended (a restart): the hook waits its backoff (at most 1 s the first time) and comes back.
    expect(hook.result.current).toBe('reconnecting');
    await pass(1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer hgl_token' } });
    expect(hook.result.current).toBe('live');
    hook.unmount();
    await pass(120_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops for good when the link is refused or revoked', async () => {
    const fetch = vi.fn().mockResolvedValue(refused);
    vi.stubGlobal('fetch', fetch);
    const hook = renderHook(() => useDisplayLive('d1', 'hgl_gone', () => undefined));
    await pass(10);
    expect(hook.result.current).toBe('revoked');
    await pass(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);

    const told = vi.fn().mockResolvedValue(stream('event: ready\ndata: {}\n\nevent: revoked\ndata: {}\n\n'));
    vi.stubGlobal('fetch', told);
    const second = renderHook(() => useDisplayLive('d2', 'hgl_x', () => undefined));
    await pass(10);
    expect(second.result.current).toBe('revoked');
    await pass(60_000);
    expect(told).toHaveBeenCalledTimes(1);
    hook.unmount();
    second.unmount();
  });
});
