import { createServer, type Server, type Socket } from 'node:net';

/**
 * A camera that answers every RTSP request with one status (401 with a Basic challenge, 404, …) or, with
 * `silent`, accepts the connection and never says a word. Enough for ffprobe to tell a wrong password from a
 * wrong path from a camera that hangs. `requests` are the requests it was sent (to check what was asked).
 */
export async function fakeRtsp(
  answer: { status: number; reason: string } | 'silent',
): Promise<{ port: number; requests: string[]; peak(): number; close(): Promise<void> }> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let peak = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    peak = Math.max(peak, sockets.size);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        const head = buffer.slice(0, end);
        buffer = buffer.slice(end + 4);
        requests.push(head);
        if (answer === 'silent') continue;
        const cseq = /^CSeq:\s*(\d+)/im.exec(head)?.[1] ?? '1';
        const challenge = answer.status === 401 ? 'WWW-Authenticate: Basic realm="fake camera"\r\n' : '';
        socket.write(`RTSP/1.0 ${answer.status} ${answer.reason}\r\nCSeq: ${cseq}\r\n${challenge}\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    requests,
    /** The most connections it had open at once. */
    peak: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
