/**
 * A gateway's download of an upgrade image over HTTP(S): chunk by chunk into one buffer of the manifest's
 * size, reporting progress at most every 10 %, and resuming a cut connection with `Range: bytes=<have>-`
 * (a few retries, each after a longer wait) rather than starting again: a gateway on a weak cellular link
 * would otherwise never get a 3 MB image through.
 */

/** A download that cannot finish: the error the upgrade is answered `failed` with. */
export class DownloadError extends Error {}

/** The download was stopped by a cancel (the upgrade is answered `failed` 'cancelled' by the caller). */
export class DownloadCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface DownloadOptions {
  url: string;
  /** The manifest's size: the buffer is this big, and a byte more is a 'size mismatch'. */
  size: number;
  signal: AbortSignal;
  /** Called with 0, 10, 20 … 100 as the bytes arrive (each figure at most once). */
  onProgress: (percent: number) => void;
  /** Attempts after the first that a cut connection gets. Default 5. */
  retries?: number;
  /** The wait before the first retry; it doubles with each. Default 1 s. */
  retryBaseMs?: number;
  /** Waits (injectable so tests do not wait); rejects when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type Download = (options: DownloadOptions) => Promise<Buffer>;

/** Failures a retry cannot mend: the link was refused (expired token, gone), or the bytes do not fit. */
class Fatal extends DownloadError {}

export const downloadImage: Download = async (options) => {
  const { url, size, signal } = options;
  const retries = options.retries ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const sleep = options.sleep ?? abortableSleep;
  const image = Buffer.alloc(size);
  let have = 0;
  let reported = -1;
  const report = (bytes: number) => {
    const decile = Math.floor((bytes * 10) / size);
    if (decile > reported) {
      reported = decile;
      options.onProgress(decile * 10);
    }
  };
  report(0);

  for (let attempt = 0; ; attempt++) {
    try {
      have = await fetchInto(url, image, have, signal, report);
      if (have < size) throw new Fatal('size mismatch');
      return image;
    } catch (error) {
      if (signal.aborted) throw new DownloadCancelled();
      if (error instanceof Fatal) throw error;
      // What arrived before the cut stays; the next request asks for the rest.
      if (error instanceof Interrupted) have = error.have;
      if (attempt >= retries) throw new DownloadError(`download failed: ${describe(error)}`.slice(0, 200));
      await sleep(retryBaseMs * 2 ** attempt, signal).catch(() => {
        throw new DownloadCancelled();
      });
    }
  }
};

/** A response cut after `have` bytes in all (the ones before it included). */
class Interrupted extends Error {
  constructor(
    readonly have: number,
    reason: unknown,
  ) {
    super(describe(reason));
  }
}

/** One request: from `from` on, into `image`; returns how many bytes the image holds when the body ended. */
async function fetchInto(
  url: string,
  image: Buffer,
  from: number,
  signal: AbortSignal,
  report: (have: number) => void,
): Promise<number> {
  const headers: Record<string, string> = from > 0 ? { Range: `bytes=${from}-` } : {};
  const response = await fetch(url, { headers, signal });
  let have = from;
  if (response.status === 206) {
    const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
    if (Number(start) !== from) {
      await response.body?.cancel();
      throw new Fatal('download failed: the server resumed at the wrong byte');
    }
  } else if (response.status === 200) {
    // A server that ignores Range sends it all again: start over rather than splice two images.
    have = 0;
  } else {
    await response.body?.cancel();
    const message = `download failed: HTTP ${response.status}`;
    // A gone, refused or expired link does not come back by asking again; a busy server may.
    if (response.status < 500 && response.status !== 408 && response.status !== 429) throw new Fatal(message);
    throw new Error(message);
  }
  if (!response.body) return have;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return have;
      if (have + value.byteLength > image.length) throw new Fatal('size mismatch');
      image.set(value, have);
      have += value.byteLength;
      report(have);
    }
  } catch (error) {
    if (error instanceof Fatal) {
      // Nothing more of this body is wanted: let the connection go now.
      await reader.cancel().catch(() => {});
      throw error;
    }
    throw new Interrupted(have, error);
  } finally {
    reader.releaseLock();
  }
}

function describe(error: unknown): string {
  if (error instanceof Interrupted) return error.message;
  if (error instanceof Error) {
    // undici's "fetch failed" / "terminated" say little; the socket's own error says what happened.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DownloadCancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DownloadCancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
