/**
 * The gateway polling a SunSpec device: it scans the map once (marker, model headers), then on every poll
 * reads the measurement models it knows how to send (inverter, MPPT and meter models) in requests of at
 * most 125 registers, each starting at a model's ID register, and hands them on as the raw blocks of a
 * telemetry sample. The common model (names and serial) does not change, so it is not sent every time.
 */
import { MODBUS_LIMITS, scanSunSpec, type RegisterReader, type SunSpecModelHeader } from '@heliograph/modbus';
import type { RawBlock } from '@heliograph/shared';

/** Inverters (integer and float), MPPT, meters (integer and float). */
export const POLLED_MODELS: ReadonlySet<number> = new Set([
  101, 102, 103, 111, 112, 113, 160, 201, 202, 203, 204, 211, 212, 213, 214,
]);

export class SunSpecPoller {
  private layout: SunSpecModelHeader[] | undefined;

  constructor(private readonly read: RegisterReader) {}

  /** The device's measurement models as raw blocks. A failed read drops the layout, so the next poll rescans. */
  async poll(): Promise<RawBlock[]> {
    try {
      this.layout ??= (await scanSunSpec(this.read)).models.filter((m) => POLLED_MODELS.has(m.id));
      const blocks: RawBlock[] = [];
      for (const model of this.layout) {
        const total = model.length + 2;
        for (let done = 0; done < total; done += MODBUS_LIMITS.readRegisters) {
          const count = Math.min(MODBUS_LIMITS.readRegisters, total - done);
          const start = model.address + done;
          blocks.push({ fc: 3, start, registers: Array.from(await this.read(start, count)) });
        }
      }
      return blocks;
    } catch (error) {
      this.layout = undefined;
      throw error;
    }
  }
}
