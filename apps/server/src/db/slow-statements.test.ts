import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTexts, watchSlowStatements, type SlowStatement } from './slow-statements.js';

/** A frontend message: type byte, int32 length (itself and the payload), payload. */
function message(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(payload.length + 4, 1);
  return Buffer.concat([head, payload]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');

describe('statementTexts', () => {
  it('reads the SQL of a Parse and of a simple Query, in one buffer with others', () => {
    const parse = message('P', cstr(''), cstr('select * from plant where name = $1'), Buffer.from([0, 0]));
    const bind = message('B', cstr(''), cstr(''), Buffer.from([0, 0, 0, 0, 0, 0]));
    const sync = message('S');
    const query = message('Q', cstr('vacuum analyze reading_5min'));
    expect(statementTexts(Buffer.concat([parse, bind, sync]))).toEqual(['select * from plant where name = $1']);
    expect(statementTexts(query)).toEqual(['vacuum analyze reading_5min']);
    expect(statementTexts(Buffer.concat([bind, sync]))).toEqual([]);
    expect(statementTexts(Buffer.from([0x50, 0, 0]))).toEqual([]);
  });
});

describe('watchSlowStatements', () => {
  const client = new PGlite();
  const reports: SlowStatement[] = [];
  // A clock that stands still unless a test makes each reading a second later: a statement "takes" 0 or 1 s.
  let step = 0;
  let t = 0;
  beforeAll(async () => {
    await client.waitReady;
    watchSlowStatements(
      client,
      500,
      (slow) => reports.push(slow),
      () => (t += step),
    );
  });
  afterAll(() => client.close());

  it('reports a statement that held the database past the threshold, with its text, and none below it', async () => {
    await client.query('select 1 as quick');
    expect(reports).toEqual([]);

    step = 1000;
    const rows = await client.query<{ n: number }>(`select   count(*)::int as n\n  from generate_series(1, $1) g`, [3]);
    step = 0;
    // The answer is untouched; both halves (parse, then bind and execute) name the statement, in one line;
    // the file-system sync after each is timed apart.
    expect(rows.rows).toEqual([{ n: 3 }]);
    const statements = reports.filter((r) => r.sql !== 'sync to disk');
    expect(statements.length).toBeGreaterThanOrEqual(1);
    for (const r of statements) {
      expect(r.sql).toBe('select count(*)::int as n from generate_series(1, $1) g');
      expect(r.ms).toBe(1000);
    }
    expect(reports.some((r) => r.sql === 'sync to disk')).toBe(true);

    reports.length = 0;
    await client.query('select 2 as quick');
    expect(reports).toEqual([]);
  });

  it('shows at most 240 characters of a long statement', async () => {
    step = 1000;
    await client.query(`select 1 as ${'x'.repeat(400)}`);
    step = 0;
    const long = reports.filter((r) => r.sql.startsWith('select 1 as x'));
    expect(long.length).toBeGreaterThanOrEqual(1);
    for (const r of long) expect(r.sql).toHaveLength(240);
  });
});
