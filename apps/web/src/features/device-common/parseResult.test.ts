import { describe, expect, it } from 'vitest';
import { parseResult } from './CommandStatusTag';

describe('operation log results', () => {
  it('reads a status with the gateway’s reason, a bare status, and anything else', () => {
    expect(parseResult('failed: state forbids boot: upgrading')).toEqual({
      status: 'failed',
      reason: 'state forbids boot: upgrading',
    });
    expect(parseResult('timed_out')).toEqual({ status: 'timed_out', reason: null });
    expect(parseResult('saved')).toEqual({ status: null, reason: null });
  });
});
