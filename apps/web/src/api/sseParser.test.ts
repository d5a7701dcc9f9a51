import { describe, expect, it } from 'vitest';
import { createSseParser, reconnectDelay, type SseEvent } from './sseParser';

function parse(chunks: string[]): { events: SseEvent[]; retries: number[] } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const p = createSseParser(
    (e) => events.push(e),
    (ms) => retries.push(ms),
  );
  for (const c of chunks) p.push(c);
  return { events, retries };
}

describe('server-sent events parser', () => {
  it('reads the live stream of a plant, split anywhere', () => {
    const stream =
      'retry: 3000\nevent: ready\ndata: {"plantId":"p1"}\n\n: keep-alive\n\nevent: plant\ndata: {"ts":1}\n\n';
    for (const size of [1, 3, 7, stream.length]) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      const { events, retries } = parse(chunks);
      expect(events).toEqual([
        { event: 'ready', data: '{"plantId":"p1"}' },
        { event: 'plant', data: '{"ts":1}' },
      ]);
      expect(retries).toEqual([3000]);
    }
  });

  it('handles CRLF and CR line ends, multi-line data, ids and the default event name', () => {
    const { events } = parse(['id: 7\r\ndata: a\r', '\ndata:b\r\r', 'event: plant\rdata\r\r', ': ping\n']);
    expect(events).toEqual([
      { event: 'message', data: 'a\nb', id: '7' },
      { event: 'plant', data: '', id: '7' },
    ]);
  });

  it('dispatches nothing for an event without data or an unfinished one', () => {
    expect(parse(['event: plant\n\n', 'event: plant\ndata: x\n']).events).toEqual([]);
  });
});

describe('reconnection backoff', () => {
  it('doubles from the base, caps, and jitters between half and all', () => {
    const max = () => 0.999999;
    expect(reconnectDelay(1, 1000, 30_000, max)).toBe(1000);
    expect(reconnectDelay(2, 1000, 30_000, max)).toBe(2000);
    expect(reconnectDelay(4, 1000, 30_000, max)).toBe(8000);
    expect(reconnectDelay(20, 1000, 30_000, max)).toBe(30_000);
    expect(reconnectDelay(3, 1000, 30_000, () => 0)).toBe(2000);
  });
});
