import type { PGlite } from '@electric-sql/pglite';

/** One statement that held the embedded database (and with it the whole process) for at least the threshold. */
export interface SlowStatement {
  ms: number;
  /** The statement's text, at most SQL_SHOWN characters: parameters are bound, so it holds no values. */
  sql: string;
}

/** How much of a statement a report shows: enough to find it in the code. */
export const SQL_SHOWN = 240;

/**
 * The SQL texts a frontend protocol message carries: a Parse ('P': statement name, then the text) or a simple
 * Query ('Q': the text). Several messages may come in one buffer; each is a type byte, then an int32 length
 * that counts itself and the rest.
 */
export function statementTexts(message: Uint8Array): string[] {
  const texts: string[] = [];
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  const cString = (from: number): [string, number] => {
    let end = from;
    while (end < message.length && message[end] !== 0) end++;
    return [Buffer.from(message.subarray(from, end)).toString('utf8'), end + 1];
  };
  for (let at = 0; at + 5 <= message.length;) {
    const type = message[at];
    const length = view.getInt32(at + 1);
    if (length < 4) break;
    if (type === 0x50 /* P */) {
      const [, textAt] = cString(at + 5);
      texts.push(cString(textAt)[0]);
    } else if (type === 0x51 /* Q */) {
      texts.push(cString(at + 5)[0]);
    }
    at += 1 + length;
  }
  return texts;
}

/**
 * Reports every statement that kept PGlite busy for `thresholdMs` or more. PGlite runs in the process's own
 * thread, so such a statement is that long a stall for every page and gateway: this is how a stall is traced
 * to its query (issue 11's embedded backfill). A query reaches PGlite as Parse and Describe, then Bind and
 * Execute, each handed over synchronously; the second pair names no SQL, so the last text parsed stands for it.
 * Syncing to the file system after a statement is timed apart ("sync to disk").
 */
export function watchSlowStatements(
  client: PGlite,
  thresholdMs: number,
  report: (slow: SlowStatement) => void,
  now: () => number = () => performance.now(),
): void {
  const run = client.execProtocolRawSync.bind(client);
  const sync = client.syncToFs.bind(client);
  let last = '';
  client.execProtocolRawSync = (message: Uint8Array): Uint8Array => {
    const texts = statementTexts(message);
    if (texts.length > 0) last = texts.join('; ');
    const started = now();
    try {
      return run(message);
    } finally {
      const ms = now() - started;
      if (ms >= thresholdMs) report({ ms: Math.round(ms), sql: last.replace(/\s+/g, ' ').trim().slice(0, SQL_SHOWN) });
    }
  };
  client.syncToFs = async (): Promise<void> => {
    const started = now();
    try {
      await sync();
    } finally {
      const ms = now() - started;
      if (ms >= thresholdMs) report({ ms: Math.round(ms), sql: 'sync to disk' });
    }
  };
}
