import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageBus } from '../modules/mqtt/bus.js';

// Proxies close idle connections after 60 s; a comment line every 25 s keeps the stream open.
const HEARTBEAT_MS = 25_000;
// How soon a browser reconnects after the stream broke (a restart, a deploy).
const RETRY_MS = 3_000;

/**
 * Who listens for what under one broker topic family (`<prefix><key>`): the family is subscribed once, on the
 * first listener, and each message goes to the listeners of its key. Instances announce changes on the broker,
 * so a browser connected to any instance hears of what another one did. A message to `everyoneKey` goes to
 * every listener.
 */
export class TopicListeners {
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private subscribed: Promise<void> | undefined;

  constructor(
    private readonly bus: MessageBus,
    private readonly prefix: string,
    private readonly everyoneKey?: string,
  ) {}

  /** Resolves once the topic family is subscribed. */
  ready(): Promise<void> {
    return (this.subscribed ??= this.bus.subscribeAll(`${this.prefix}#`, (topic, payload) => {
      const key = topic.slice(this.prefix.length);
      const text = payload.toString('utf8');
      const targets = key === this.everyoneKey ? [...this.listeners.values()] : [this.listeners.get(key)];
      for (const set of targets) for (const listener of set ?? []) listener(text);
    }));
  }

  /** Adds a listener of one key; answers its removal. */
  add(key: string, listener: (payload: string) => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }
}

export interface SseStream {
  /** Writes one event. */
  send(event: string, data: string): void;
  /** Told once, when the browser goes or the stream is ended (here or at shutdown). */
  onClose(fn: () => void): void;
  /** Ends the stream from the server's side (the browser's reconnection is its own business). */
  end(): void;
}

/**
 * The server-sent event streams of one plugin. `open` takes the request over (the reply is hijacked), writes
 * the headers that keep proxies from buffering, a `ready` event and a heartbeat. Streams never end on their
 * own: every open one is ended as shutdown begins (preClose), since the server's close waits for every open
 * connection (onClose would run only after that, i.e. never).
 */
export function sseStreams(app: FastifyInstance): {
  open(req: FastifyRequest, reply: FastifyReply, readyData: string): SseStream;
} {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  return {
    open(req, reply, readyData) {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\nevent: ready\ndata: ${readyData}\n\n`);
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const closers: (() => void)[] = [() => clearInterval(beat)];
      const closed = () => {
        for (const fn of closers.splice(0)) fn();
      };
      req.raw.on('close', closed);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        closed();
      });
      return {
        send: (event, data) => void res.write(`event: ${event}\ndata: ${data}\n\n`),
        onClose: (fn) => void closers.push(fn),
        end: () => {
          closed();
          res.end();
        },
      };
    },
  };
}
