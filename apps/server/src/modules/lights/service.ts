import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  LIGHT_PROVIDERS,
  isBrightness,
  type LightAccountState,
  type LightProviderKey,
  type LightRow,
  type LightSetting,
  type ProviderBulb,
} from '@heliograph/shared';
import { findLight, findPlant } from '../../access/finders.js';
import { isCompanyRole, scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { containing, query, toMs } from '../../db/rows.js';
import { light, lightAccount } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { getOrCreateSecret } from '../auth/secrets.js';
import type { SecretBox } from '../auth/secret-box.js';
import { recordOperation } from '../commands/operation-log.js';
import { LightProviderError, type LightProviders } from './providers.js';

/** Who asks: a signed-in caller (a page) or the rules engine acting as the rule's owner, and from where. */
export interface LightCaller {
  auth: AuthContext;
  ip: string;
}

/** The page the provider sends the browser back to after consent. */
export const OAUTH_RETURN_PATH = '/acenter';
/** How long a handed-out state is accepted (ten minutes). */
const STATE_TTL_MS = 10 * 60_000;

interface RawLight {
  id: string;
  plant_id: string;
  plant_name: string | null;
  company_id: string;
  provider: string;
  provider_device_id: string;
  alias: string;
  on: boolean;
  brightness: number;
  updated_at: unknown;
}

const columns = sql`l.id, l.plant_id, p.name as plant_name, l.company_id, l.provider, l.provider_device_id, l.alias,
  l.on, l.brightness, l.updated_at`;

/** A stored provider key as a known one (a row of a provider this server no longer has reads as simulated). */
const providerOf = (key: string): LightProviderKey => LIGHT_PROVIDERS.find((p) => p === key) ?? 'simulated';

const rowOf = (r: RawLight): LightRow => ({
  id: r.id,
  plantId: r.plant_id,
  plantName: r.plant_name,
  provider: providerOf(r.provider),
  bulb: r.provider_device_id,
  alias: r.alias,
  on: Boolean(r.on),
  brightness: Number(r.brightness),
  updatedAt: toMs(r.updated_at),
});

/**
 * Smart bulbs (spec §7 light/*): the company's provider account (OAuth-style, token encrypted at rest), its
 * bulbs bound to plants, and switching and dimming them. Rows only through the access layer: a light follows
 * its plant (`POLICIES.light`), another company's is "does not exist".
 */
export class LightService {
  constructor(private readonly d: { db: Db; now: () => number; box: SecretBox; providers: LightProviders }) {}

  /** The caller's company: only a company's own staff link accounts and bind bulbs. */
  private companyOf(auth: AuthContext): string {
    if (!isCompanyRole(auth) || !auth.companyId) throw new AppError('noPermission');
    return auth.companyId;
  }

  private async accountRow(companyId: string, provider: LightProviderKey) {
    const [row] = await this.d.db
      .select()
      .from(lightAccount)
      .where(and(eq(lightAccount.companyId, companyId), eq(lightAccount.provider, provider)));
    return row ?? null;
  }

  private async tokenOf(companyId: string, provider: LightProviderKey): Promise<string> {
    const row = await this.accountRow(companyId, provider);
    if (!row) throw new AppError('lightNotLinked');
    return this.d.box.open(row.tokenCipher);
  }

  async account(auth: AuthContext, provider: LightProviderKey): Promise<LightAccountState> {
    const companyId = this.companyOf(auth);
    const [row] = await query<{ linked_at: unknown; account: string | null }>(
      this.d.db,
      sql`select a.linked_at, u.account from light_account a left join app_user u on u.id = a.linked_by
        where a.company_id = ${companyId} and a.provider = ${provider}`,
    );
    return {
      provider,
      linked: Boolean(row),
      linkedBy: row?.account ?? null,
      linkedAt: row ? toMs(row.linked_at) : null,
    };
  }

  private async sign(payload: string): Promise<string> {
    const key = await getOrCreateSecret(this.d.db, 'light-oauth-state');
    return createHmac('sha256', key).update(payload).digest('base64url');
  }

  /** Step one: the provider's authorisation URL, with a state bound to the caller, their company and a deadline. */
  async startOauth(auth: AuthContext, provider: LightProviderKey): Promise<{ url: string }> {
    const companyId = this.companyOf(auth);
    const expires = this.d.now() + STATE_TTL_MS;
    const state = `${expires}.${await this.sign(`${companyId}.${auth.userId}.${provider}.${expires}`)}`;
    return { url: this.d.providers[provider].authorisationUrl(state, OAUTH_RETURN_PATH) };
  }

  /** Step two: the code the provider sent back is exchanged for a token, which is kept encrypted. */
  async completeOauth(
    caller: LightCaller,
    body: { provider: LightProviderKey; code: string; state: string },
  ): Promise<LightAccountState> {
    const { auth } = caller;
    const companyId = this.companyOf(auth);
    const [expiresText, sig] = body.state.split('.');
    const expires = Number(expiresText);
    const want = await this.sign(`${companyId}.${auth.userId}.${body.provider}.${expires}`);
    const fits =
      sig !== undefined && sig.length === want.length && timingSafeEqual(Buffer.from(sig), Buffer.from(want));
    if (!fits || !Number.isFinite(expires) || expires < this.d.now()) throw new AppError('oauthStateInvalid');
    const token = await this.d.providers[body.provider]
      .exchangeCode(body.code)
      .then((r) => r.token)
      .catch((e: unknown) => {
        if (e instanceof LightProviderError) throw new AppError('lightProviderFailed');
        throw e;
      });
    await this.link(caller, body.provider, token);
    return this.account(auth, body.provider);
  }

  /** Keeps `token` (encrypted) as the company's account at `provider`, replacing any before. */
  async link(caller: LightCaller, provider: LightProviderKey, token: string): Promise<void> {
    const companyId = this.companyOf(caller.auth);
    const values = {
      companyId,
      provider,
      tokenCipher: await this.d.box.seal(token),
      linkedBy: caller.auth.userId,
      linkedAt: new Date(this.d.now()),
    };
    await this.d.db.transaction(async (tx) => {
      await tx
        .insert(lightAccount)
        .values(values)
        .onConflictDoUpdate({ target: [lightAccount.companyId, lightAccount.provider], set: values });
      await recordOperation(tx, {
        ...caller,
        target: `light-account:${provider}`,
        operation: 'light.link',
        result: 'succeeded',
      });
    });
  }

  async unlink(caller: LightCaller, provider: LightProviderKey): Promise<void> {
    const companyId = this.companyOf(caller.auth);
    await this.d.db.transaction(async (tx) => {
      await tx
        .delete(lightAccount)
        .where(and(eq(lightAccount.companyId, companyId), eq(lightAccount.provider, provider)));
      await recordOperation(tx, {
        ...caller,
        target: `light-account:${provider}`,
        operation: 'light.unlink',
        result: 'succeeded',
      });
    });
  }

  private async provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (e instanceof LightProviderError) throw new AppError('lightProviderFailed');
      throw e;
    }
  }

  /** The linked account's bulbs that are bound to no plant yet. */
  async unboundBulbs(auth: AuthContext, provider: LightProviderKey): Promise<ProviderBulb[]> {
    const companyId = this.companyOf(auth);
    const token = await this.tokenOf(companyId, provider);
    const bulbs = await this.provider(() => this.d.providers[provider].listBulbs(token));
    const bound = await this.d.db
      .select({ bulb: light.providerDeviceId })
      .from(light)
      .where(eq(light.provider, provider));
    const taken = new Set(bound.map((b) => b.bulb));
    return bulbs.filter((b) => !taken.has(b.bulb)).map((b) => ({ ...b, provider }));
  }

  private async one(auth: AuthContext, id: string, write = false): Promise<RawLight> {
    return findLight<RawLight>(this.d.db, auth, id, { write, select: columns });
  }

  async bind(
    caller: LightCaller,
    body: { plantId: string; provider: LightProviderKey; bulb: string; alias: string },
  ): Promise<LightRow> {
    const { auth } = caller;
    const companyId = this.companyOf(auth);
    // A plant the caller may change, of the company whose account owns the bulb.
    await findPlant(this.d.db, auth, body.plantId, { write: true, where: sql`p.company_id = ${companyId}` });
    const token = await this.tokenOf(companyId, body.provider);
    const bulbs = await this.provider(() => this.d.providers[body.provider].listBulbs(token));
    if (!bulbs.some((b) => b.bulb === body.bulb)) throw new AppError('notFound');
    const state = await this.provider(() => this.d.providers[body.provider].readBulb(token, body.bulb));
    const id = await this.d.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(light)
        .values({
          companyId,
          plantId: body.plantId,
          provider: body.provider,
          providerDeviceId: body.bulb,
          alias: body.alias,
          on: state.on,
          brightness: state.brightness,
          updatedAt: new Date(this.d.now()),
        })
        .onConflictDoNothing()
        .returning({ id: light.id });
      if (!made) throw new AppError('bulbBound');
      await recordOperation(tx, {
        ...caller,
        target: body.bulb,
        plantId: body.plantId,
        operation: 'light.bind',
        newValue: { alias: body.alias },
        result: 'succeeded',
      });
      return made.id;
    });
    return rowOf(await this.one(auth, id));
  }

  async unbind(caller: LightCaller, id: string): Promise<void> {
    const l = await this.one(caller.auth, id, true);
    await this.d.db.transaction(async (tx) => {
      await tx.delete(light).where(eq(light.id, l.id));
      await recordOperation(tx, {
        ...caller,
        target: l.provider_device_id,
        plantId: l.plant_id,
        operation: 'light.unbind',
        oldValue: { alias: l.alias },
        result: 'succeeded',
      });
    });
  }

  /**
   * Switches and dims a bulb (write scope): the provider is asked first, the new state is kept only if it did
   * it, and the attempt is in the operation log either way.
   */
  async setting(caller: LightCaller, id: string, value: LightSetting): Promise<LightRow> {
    if (!isBrightness(value.brightness)) throw new ValidationError([{ field: 'brightness', rule: 'brightness' }]);
    const l = await this.one(caller.auth, id, true);
    const provider = providerOf(l.provider);
    const old = { on: Boolean(l.on), brightness: Number(l.brightness) };
    const entry = {
      ...caller,
      target: l.provider_device_id,
      plantId: l.plant_id,
      operation: 'light.setting',
      oldValue: old,
      newValue: value,
    };
    try {
      const token = await this.tokenOf(l.company_id, provider);
      await this.provider(() => this.d.providers[provider].setBulb(token, l.provider_device_id, value));
    } catch (e) {
      await recordOperation(this.d.db, { ...entry, result: 'failed' });
      throw e;
    }
    await this.d.db.transaction(async (tx) => {
      await tx
        .update(light)
        .set({ on: value.on, brightness: value.brightness, updatedAt: new Date(this.d.now()) })
        .where(eq(light.id, l.id));
      await recordOperation(tx, { ...entry, result: 'succeeded' });
    });
    return rowOf(await this.one(caller.auth, id));
  }

  /**
   * For the smart-rules engine: the same as `setting` (access layer with the write scope, operation log), but
   * answering what went wrong instead of throwing. `reason` is an error key of packages/shared (notFound,
   * validation, lightNotLinked, lightProviderFailed …).
   */
  async setLight(
    caller: LightCaller,
    lightId: string,
    value: { on: boolean; brightness: number },
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    try {
      await this.setting(caller, lightId, value);
      return { ok: true };
    } catch (e) {
      if (e instanceof AppError) return { ok: false, reason: e.key };
      throw e;
    }
  }

  /** Bound lights of one plant or of every plant the caller may see, searched by alias, bulb or plant. */
  async list(
    auth: AuthContext,
    q: { q?: string; plantId?: string },
    page: { page: number; size: number },
  ): Promise<{ total: number; rows: LightRow[] }> {
    const parts: SQL[] = [scopeCondition(auth, 'light')];
    if (q.plantId) parts.push(sql`l.plant_id = ${q.plantId}`);
    if (q.q) {
      const like = containing(q.q);
      parts.push(sql`(l.alias ilike ${like} or l.provider_device_id ilike ${like} or p.name ilike ${like})`);
    }
    const where = sql.join(parts, sql` and `);
    const rows = await query<RawLight>(
      this.d.db,
      sql`select ${columns} from light l join plant p on p.id = l.plant_id where ${where}
        order by p.name, l.alias, l.id limit ${page.size} offset ${(page.page - 1) * page.size}`,
    );
    const [n] = await query<{ n: unknown }>(
      this.d.db,
      sql`select count(*) as n from light l join plant p on p.id = l.plant_id where ${where}`,
    );
    return { total: Number(n?.n ?? 0), rows: rows.map(rowOf) };
  }
}

/**
 * What the smart-rules engine calls to switch and dim a bound bulb as `caller` (the rule's owner): the access
 * layer's write scope and the operation log apply as for a click on the page.
 */
export function setLight(
  service: LightService,
  caller: LightCaller,
  lightId: string,
  value: { on: boolean; brightness: number },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  return service.setLight(caller, lightId, value);
}
