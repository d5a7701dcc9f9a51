/**
 * The registers of a simulated device bound to a register-map protocol (issue 14 item 2): it keeps what it
 * is written and answers reads of it, unwritten registers 0. The console's settingsWrite and settingsRead
 * carry the addresses (docs/gateway-protocol.md), so any map added through the console works without a
 * map here.
 */
import type { RegisterReadBlock, RegisterWriteBlock } from '@heliograph/shared';

export interface AnsweredBlock {
  fc: number;
  start: number;
  registers: number[];
}

export class RegisterBank {
  private readonly coils = new Map<number, number>();
  private readonly holding = new Map<number, number>();

  /** Applies the writes in order (5 one coil; 6 and 16 holding registers); answers how many registers changed hands. */
  write(writes: readonly RegisterWriteBlock[]): number {
    let n = 0;
    for (const w of writes) {
      const table = w.fc === 5 ? this.coils : this.holding;
      w.registers.forEach((value, i) => table.set(w.start + i, w.fc === 5 ? (value ? 1 : 0) : value & 0xffff));
      n += w.registers.length;
    }
    return n;
  }

  /** A holding register's written value; undefined when it was never written. */
  peek(address: number): number | undefined {
    return this.holding.get(address);
  }

  /** Whether every register (or coil) of a span was written: a written register holds what was written. */
  holds(fc: 1 | 3, start: number, count: number): boolean {
    const table = fc === 1 ? this.coils : this.holding;
    for (let i = 0; i < count; i++) if (!table.has(start + i)) return false;
    return true;
  }

  /** Each block as it stands (1 coils as 0/1, 3 holding registers). */
  read(reads: readonly RegisterReadBlock[]): AnsweredBlock[] {
    return reads.map((r) => {
      const table = r.fc === 1 ? this.coils : this.holding;
      return {
        fc: r.fc,
        start: r.start,
        registers: Array.from({ length: r.count }, (_, i) => table.get(r.start + i) ?? 0),
      };
    });
  }
}
