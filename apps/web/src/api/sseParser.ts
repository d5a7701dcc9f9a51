/**
 * A server-sent-events parser (the WHATWG event-stream format) for streams read with fetch: feed it text
 * chunks as they arrive, split anywhere, and it calls back once per complete event.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  push(chunk: string): void;
}

export function createSseParser(onEvent: (e: SseEvent) => void, onRetry?: (ms: number) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0)
      onEvent({ event: event || 'message', data: data.join('\n'), ...(id === undefined ? {} : { id }) });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment (the server's keep-alive)
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // Lines end in \r\n, \n or \r; a trailing \r may be the first half of \r\n, so wait for more.
      for (;;) {
        const m = /\r\n|\n|\r/.exec(buffer);
        if (!m) break;
        if (m[0] === '\r' && m.index === buffer.length - 1) break;
        line(buffer.slice(0, m.index));
        buffer = buffer.slice(m.index + m[0].length);
      }
    },
  };
}

/**
 * How long to wait before reconnection attempt `attempt` (1, 2, …): exponential from `baseMs`, capped at
 * `maxMs`, with jitter between half and all of it so many browsers do not reconnect in step.
 */
export function reconnectDelay(
  attempt: number,
  baseMs = 1000,
  maxMs = 30_000,
  random: () => number = Math.random,
): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.5 + random() * 0.5));
}
