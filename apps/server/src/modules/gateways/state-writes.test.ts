import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';
import { GatewayStateWrites } from './state-writes.js';

/**
 * A fleet reconnecting after a broker restart: every gateway's "online" is written, in a few statements
 * rather than one each, and what the gateways list shows afterwards is what each said last.
 */
const SNS = Array.from({ length: 60 }, (_, i) => `GWSTATE${String(i).padStart(3, '0')}`);
let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
  await provisionPlant(database.db, {
    companyId: null,
    name: 'State plant',
    ...TEST_PLANT_FIELDS,
    gateways: SNS.map((sn) => ({ sn, password: 'StatePass2026', devices: [] })),
  });
});
afterAll(() => database.close());

const rows = () =>
  database.db
    .select({
      sn: gateway.sn,
      online: gateway.online,
      seen: gateway.lastSeenAt,
      firmware: gateway.firmware,
      rssi: gateway.rssi,
      interval: gateway.uploadIntervalS,
    })
    .from(gateway)
    .where(inArray(gateway.sn, SNS));

describe('gateway state writes', () => {
  it('a whole fleet coming online is written in a few statements, each gateway as it said', async () => {
    const statements: number[] = [];
    const db = database.db;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'transaction') {
          return (fn: Parameters<typeof db.transaction>[0]) => {
            statements.push(1);
            return target.transaction(fn);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const changed: string[] = [];
    const writes = new GatewayStateWrites(counting, (sn) => changed.push(sn));
    await Promise.all(
      SNS.map((sn, i) =>
        writes.put(sn, {
          online: true,
          seen: true,
          firmware: `GW-1.${i}`,
          rssi: -50 - i,
          interval: i === 7 ? 60 : undefined,
        }),
      ),
    );
    expect(statements.length).toBeLessThanOrEqual(2);
    const after = await rows();
    expect(after).toHaveLength(SNS.length);
    for (const r of after) {
      const i = SNS.indexOf(r.sn);
      expect(r).toMatchObject({ online: true, firmware: `GW-1.${i}`, rssi: -50 - i, interval: i === 7 ? 60 : 300 });
      expect(r.seen).not.toBeNull();
    }
    expect(changed).toEqual([SNS[7]]);
  });

  it('the newest word wins, and what it leaves out keeps what was said before', async () => {
    const writes = new GatewayStateWrites(database.db);
    const sn = SNS[0] ?? '';
    const first = writes.put(sn, { online: true, seen: true, firmware: 'GW-2.0', rssi: -40 });
    const second = writes.put(sn, { online: false, seen: false });
    const third = writes.put(sn, { online: false, seen: false, rssi: -90 });
    await Promise.all([first, second, third]);
    const [r] = (await rows()).filter((x) => x.sn === sn);
    expect(r).toMatchObject({ online: false, firmware: 'GW-2.0', rssi: -90 });
  });
});
