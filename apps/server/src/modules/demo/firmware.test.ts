import { demoIdentity, SIM_GATEWAY_FIRMWARE, simModels, type FirmwareKind } from '@heliograph/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appUser, authSession } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { optionsFor } from '../firmware/installable.js';
import { loadAuthContext } from '../users/repository.js';

const t = TestApp.forTests();

/**
 * The demo library covers the whole simulated fleet (issue 13, "rolled out to every device kind of the demo
 * fleet"): for every model of the catalogue the simulator names its devices from, the demo company may install
 * a newer released image over the version the simulated device starts on.
 */
describe('the demo firmware library', () => {
  it('offers every model of the simulated fleet a newer version than the one it starts on', async () => {
    const db = t.database.db;
    const [admin] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
    await t.tokenFor(ACCOUNTS.admin);
    const [session] = await db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.userId, admin?.id ?? ''));
    const auth = await loadAuthContext(db, admin?.id ?? '', session?.id ?? '');
    if (!auth) throw new Error('no auth context for the demo administrator');
    const missing: string[] = [];
    const models = simModels();
    for (const kind of Object.keys(models) as (keyof typeof models & FirmwareKind)[]) {
      const current = kind === 'gateway' ? SIM_GATEWAY_FIRMWARE : demoIdentity(kind).firmware;
      for (const model of models[kind]) {
        const options = await optionsFor(db, auth, { kind, model, current });
        if (!options.length) missing.push(`${kind} ${model} ${current}`);
      }
    }
    expect(missing).toEqual([]);
    expect(models.inverter.length).toBeGreaterThan(50);
  });
});
