import { describe, expect, it } from 'vitest';
import { rawBlockSchema, telemetryBatchSchema } from './gateway-protocol.js';

const block = (registers: unknown[]) => ({ fc: 3, start: 40_000, registers });

describe('raw register blocks', () => {
  it('take whole numbers from 0 to 65535, one to 125 of them', () => {
    expect(rawBlockSchema.safeParse(block([0, 1, 65_535])).success).toBe(true);
    expect(rawBlockSchema.safeParse(block(Array.from({ length: 125 }, () => 7))).success).toBe(true);
  });

  it.each([
    ['a register above 65535', [1, 65_536]],
    ['a negative register', [-1]],
    ['a fraction', [1.5]],
    ['a string', ['12']],
    ['no registers', []],
    ['126 registers', Array.from({ length: 126 }, () => 1)],
  ])('refuse %s', (_, registers) => {
    expect(rawBlockSchema.safeParse(block(registers)).success).toBe(false);
  });

  it('refuse a whole batch when one block of one sample is out of range', () => {
    const sample = (registers: number[]) => ({ device: 'INV-1', ts: 1_700_000_000_000, raw: [block(registers)] });
    const batch = { id: 'b-1', samples: [sample([1, 2]), sample([3, 70_000])] };
    const parsed = telemetryBatchSchema.safeParse(batch);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['samples', 1, 'raw', 0, 'registers']);
  });
});
