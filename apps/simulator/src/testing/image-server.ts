/**
 * For tests: a local HTTP server that serves one upgrade image as the console's image link does (206 and the
 * rest for `Range: bytes=<from>-`), and can misbehave the way a cellular link does: cut the first response
 * after some bytes, or stall after some bytes until it is closed.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ImageServer {
  /** The image's URL (with a token in the query, as the console's links carry). */
  url: string;
  /** Every request's Range header (undefined: none), in order. */
  ranges: (string | undefined)[];
  close(): Promise<void>;
}

export interface ImageServerBehaviour {
  /** The first response sends this many bytes and then the socket is destroyed. */
  cutFirstAt?: number;
  /** Every response sends this many bytes (from its start) and then sends nothing more. */
  stallAt?: number;
}

export async function startImageServer(image: Buffer, behaviour: ImageServerBehaviour = {}): Promise<ImageServer> {
  const ranges: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    const range = req.headers.range;
    ranges.push(range);
    const from = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? 0);
    if (from >= image.length) {
      res.writeHead(416, { 'Content-Range': `bytes */${image.length}` }).end();
      return;
    }
    const body = image.subarray(from);
    res.writeHead(range ? 206 : 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(body.length),
      ...(range ? { 'Content-Range': `bytes ${from}-${image.length - 1}/${image.length}` } : {}),
    });
    if (behaviour.cutFirstAt !== undefined && ranges.length === 1) {
      cutAfter(res, body.subarray(0, behaviour.cutFirstAt));
    } else if (behaviour.stallAt !== undefined) {
      res.write(body.subarray(0, behaviour.stallAt));
    } else {
      res.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1/upgrade/image/test?token=0123456789abcdef0123`,
    ranges,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Sends `part` and then drops the connection as a lost signal does. The drop waits a moment so the client
 * has read what arrived: a stream that errors discards what it had queued, and the test wants to see the
 * resume start exactly where the cut was.
 */
function cutAfter(res: ServerResponse, part: Buffer): void {
  res.write(part, () => setTimeout(() => res.socket?.destroy(), 100));
}
