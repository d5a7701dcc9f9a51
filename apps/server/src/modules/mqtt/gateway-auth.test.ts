import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gateway } from '../../db/schema.js';
import { GW_PASSWORD, sunrisePlant } from '../../test/gateway-fixtures.js';
import { TestApp } from '../../test/harness.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { RateLimiter } from '../rate-limit/limiter.js';
import { loadRateLimits } from '../rate-limit/rules.js';
import { GatewayAuth } from './gateway-auth.js';

const SN = 'GWKDF00001';
const t = TestApp.forTests();

/** A broker's gateway check whose password KDF calls are counted, on a clock the test moves. */
function countingAuth() {
  const calls: string[] = [];
  let now = Date.UTC(2026, 5, 1, 12);
  const auth = new GatewayAuth(
    t.database.db,
    new RateLimiter(t.database.db, loadRateLimits({})),
    async (password, hash) => {
      calls.push(password);
      return verifyPassword(password, hash);
    },
    () => now,
  );
  return { auth, calls, advance: (ms: number) => void (now += ms) };
}

describe('gateway authentication on reconnect', () => {
  it('runs the password KDF once for a known credential, however often the gateway reconnects', async () => {
    await sunrisePlant(t, 'KDF plant', [{ sn: SN, devices: [] }]);
    const { auth, calls, advance } = countingAuth();
    for (let i = 0; i < 5; i++) {
      expect(await auth.authenticate(SN, GW_PASSWORD)).toBe(true);
      advance(60_000);
    }
    expect(calls).toHaveLength(1);
  });

  it('checks a wrong password every time and never lets it in on the strength of a right one', async () => {
    const { auth, calls } = countingAuth();
    expect(await auth.authenticate(SN, GW_PASSWORD)).toBe(true);
    expect(await auth.authenticate(SN, 'Wrong2026pass')).toBe(false);
    expect(await auth.authenticate(SN, 'Wrong2026pass')).toBe(false);
    expect(calls).toEqual([GW_PASSWORD, 'Wrong2026pass', 'Wrong2026pass']);
  });

  it('checks again once the remembered credential is old, or the password was changed', async () => {
    const { auth, calls, advance } = countingAuth();
    expect(await auth.authenticate(SN, GW_PASSWORD)).toBe(true);
    advance(11 * 60_000);
    expect(await auth.authenticate(SN, GW_PASSWORD)).toBe(true);
    expect(calls).toHaveLength(2);

    await t.database.db
      .update(gateway)
      .set({ connPasswordHash: await hashPassword('Changed2026pass') })
      .where(eq(gateway.sn, SN));
    expect(await auth.authenticate(SN, GW_PASSWORD)).toBe(false);
    expect(await auth.authenticate(SN, 'Changed2026pass')).toBe(true);
    expect(calls).toHaveLength(4);
  });

  it('a reconnecting fleet is checked a few at a time, and every gateway of it gets in', async () => {
    let most = 0;
    const auth: GatewayAuth = new GatewayAuth(
      t.database.db,
      new RateLimiter(t.database.db, loadRateLimits({})),
      async (password, hash) => {
        most = Math.max(most, auth.inProgress);
        return verifyPassword(password, hash);
      },
    );
    const answers = await Promise.all(Array.from({ length: 40 }, () => auth.authenticate(SN, 'Changed2026pass')));
    expect(answers.every(Boolean)).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(4);
    expect(auth.inProgress).toBe(0);
  });
});
