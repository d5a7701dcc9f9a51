import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Makes the monthly partition of device_sample for each month a write touches, once per process. If the
 * default partition already holds rows of that month (written before the partition existed), Postgres
 * refuses the partition; those months simply stay in the default partition, which is still correct.
 */
export class SamplePartitions {
  /** Month → its creation, shared by concurrent writers so the DDL runs once and nobody races it. */
  private readonly known = new Map<string, Promise<void>>();

  constructor(private readonly db: Db) {}

  async ensure(timestamps: Iterable<number>): Promise<void> {
    const months = new Set<string>();
    for (const ts of timestamps) {
      const d = new Date(ts);
      months.add(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
    }
    await Promise.all(
      [...months].map((month) => {
        let made = this.known.get(month);
        if (!made) {
          made = this.create(month);
          this.known.set(month, made);
        }
        return made;
      }),
    );
  }

  private async create(month: string): Promise<void> {
    const [y, m] = month.split('-').map(Number);
    const from = `${month}-01T00:00:00Z`;
    const next = new Date(Date.UTC(y ?? 1970, m ?? 1, 1)).toISOString();
    const name = `device_sample_${month.replace('-', '_')}`;
    try {
      await this.db.execute(
        sql.raw(
          `create table if not exists ${name} partition of device_sample for values from ('${from}') to ('${next}')`,
        ),
      );
    } catch {
      // Rows of this month already sit in the default partition (see above), or another instance made it.
    }
  }
}
