import { and, eq, sql } from 'drizzle-orm';
import {
  normaliseAccount,
  type PlantContactsInput,
  type PlantCreate,
  type PlantDetail,
  type PlantEdit,
  type PlantType,
  type InverterKind,
  type ShareLevel,
  type ShareUser,
  type Valuation,
  type BuiltinRole,
  type plantInfoSchema,
  type plantIncomeSchema,
} from '@heliograph/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { query, toDay, toMs } from '../../db/rows.js';
import { appUser, gateway, plant, plantShare } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { verifyPassword } from '../auth/passwords.js';
import type { RsaKeyStore } from '../auth/keys.js';
import { recordOperation } from '../commands/operation-log.js';
import { bindGateway, provisionPlant, unbindGateway } from '../plants/provision.js';
import { plantFor, rightsOn, visiblePlant, type AdminPlantRow } from './access.js';
import { checkGateway, type CheckedGateway } from './gateways.js';
import { canReachAccount } from '../users/repository.js';

type PlantInfo = z.output<typeof plantInfoSchema>;
type PlantIncome = z.output<typeof plantIncomeSchema>;

/** Who did it and from where: every change lands in the operation log with both. */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

interface UserRow {
  id: string;
  account: string;
  nickname: string;
  company_id: string | null;
  role: BuiltinRole;
  password_hash: string;
}

/**
 * Roles whose plants come from their company (plant policy): a share gives them nothing they have not got,
 * or lets a plant slip into another company. Sharing goes to private people: owners, visitors, maintainers.
 */
const PRIVATE_ROLES: ReadonlySet<BuiltinRole> = new Set<BuiltinRole>(['plant_owner', 'visitor', 'maintainer']);

/** Wrong transfer passwords a caller may give in 15 minutes before being told to wait. */
export const TRANSFER_FAILURES_ALLOWED = 5;

const editableColumns = (e: Partial<PlantEdit> & Partial<PlantInfo>) => {
  const set: Partial<typeof plant.$inferInsert> = {};
  if (e.name !== undefined) set.name = e.name.trim();
  if (e.capacityKw !== undefined) set.capacityKw = e.capacityKw;
  if (e.type !== undefined) set.type = e.type;
  if (e.inverterKind !== undefined) set.inverterKind = e.inverterKind;
  if (e.commissionedOn !== undefined) set.commissionedOn = e.commissionedOn;
  if (e.timezone !== undefined) set.timezone = e.timezone;
  if (e.currency !== undefined) set.currency = e.currency;
  if (e.address !== undefined) set.address = e.address.trim();
  if (e.country !== undefined) set.country = e.country.trim();
  if (e.latitude !== undefined) set.latitude = e.latitude;
  if (e.longitude !== undefined) set.longitude = e.longitude;
  if (e.alias !== undefined) set.alias = e.alias.trim() || null;
  if (e.totalInvestment !== undefined) set.totalInvestment = e.totalInvestment;
  if (e.generationOffsetKwh !== undefined) set.generationOffsetKwh = e.generationOffsetKwh;
  if (e.valuation !== undefined) set.valuation = e.valuation;
  if (e.contactName !== undefined) set.contactName = e.contactName.trim();
  if (e.contactPhone !== undefined) set.contactPhone = e.contactPhone.trim();
  return set;
};

/** The columns of a row as the API names them, for the operation log's old value. */
function snapshot(p: AdminPlantRow, keys: readonly string[]): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    name: p.name,
    capacityKw: p.capacity_kw,
    type: p.type,
    inverterKind: p.inverter_kind,
    commissionedOn: toDay(p.commissioned_on),
    timezone: p.timezone,
    currency: p.currency,
    address: p.address,
    country: p.country,
    latitude: p.latitude,
    longitude: p.longitude,
    alias: p.alias,
    totalInvestment: p.total_investment,
    generationOffsetKwh: p.generation_offset_kwh,
    valuation: p.valuation,
    contactName: p.contact_name,
    contactPhone: p.contact_phone,
    settings: p.settings,
    ownerId: p.owner_id,
  };
  return Object.fromEntries(keys.filter((k) => k in wire).map((k) => [k, wire[k]]));
}

export class PlantAdminService {
  constructor(
    private readonly db: Db,
    private readonly keys: RsaKeyStore,
    /** Told the serial numbers of gateways bound or freed, so ingest stops using what it cached of them. */
    private readonly gatewaysChanged: (sns: string[], freed: boolean) => void = () => undefined,
    /** Told of a plant whose storage settings changed (automation on or off), so its plan follows at once. */
    private readonly settingsChanged: (plantId: string) => void = () => undefined,
  ) {}

  private async userByAccount(account: string): Promise<UserRow | undefined> {
    const [u] = await query<UserRow>(
      this.db,
      sql`select u.id, u.account, u.nickname, u.company_id, r.key as role, u.password_hash
          from app_user u join role r on r.id = u.role_id where u.account = ${normaliseAccount(account)}`,
    );
    return u;
  }

  private log(
    a: Actor,
    plantId: string,
    operation: string,
    oldValue: unknown,
    newValue: unknown,
    result = 'succeeded',
  ) {
    return recordOperation(this.db, {
      auth: a.auth,
      ip: a.ip,
      target: plantId,
      plantId,
      operation,
      oldValue,
      newValue,
      result,
    });
  }

  /**
   * The owner named in the wizard: a private account (plant_owner) of the caller's company or of none. Any
   * other account is answered "not registered" (105) so the wizard cannot probe other companies' users.
   */
  private async ownerFor(auth: AuthContext, account: string | undefined): Promise<string | null> {
    if (account === undefined) return auth.role === 'plant_owner' ? auth.userId : null;
    const u = await this.userByAccount(account);
    if (!u || !canReachAccount(auth, u.company_id))
      throw new AppError('accountNotRegistered', { data: { field: 'ownerAccount' } });
    if (u.role !== 'plant_owner') throw new AppError('accountOtherCompany', { data: { field: 'ownerAccount' } });
    return u.id;
  }

  /** POST /plant: every gateway is checked before anything is written; then one transaction. */
  async create(a: Actor, input: PlantCreate): Promise<{ id: string; gateways: CheckedGateway[] }> {
    const { auth } = a;
    const ownerId = await this.ownerFor(auth, input.ownerAccount);
    const checked: CheckedGateway[] = [];
    for (const [index, g] of input.gateways.entries()) {
      try {
        checked.push(await checkGateway(this.db, auth, { ...g, ownerId }));
      } catch (err) {
        if (err instanceof AppError) {
          throw new AppError(err.key, { data: { ...(err.data as object), index } });
        }
        throw err;
      }
    }
    const { plantId } = await provisionPlant(this.db, {
      companyId: auth.companyId,
      ownerId,
      installerId: auth.role === 'installer' ? auth.userId : null,
      createdBy: auth.userId,
      name: input.name.trim(),
      type: input.type,
      inverterKind: input.inverterKind ?? 'string',
      capacityKw: input.capacityKw,
      commissionedOn: input.commissionedOn,
      timezone: input.timezone,
      currency: input.currency,
      latitude: input.latitude,
      longitude: input.longitude,
      address: input.address.trim(),
      valuation: input.valuation,
      alias: input.alias?.trim() || null,
      totalInvestment: input.totalInvestment ?? null,
      contactName: input.contactName.trim(),
      contactPhone: input.contactPhone.trim(),
      country: input.country?.trim() ?? '',
      generationOffsetKwh: input.generationOffsetKwh ?? 0,
      settings: input.settings ?? {},
      gateways: [],
      bind: checked.map((g) => ({ gatewayId: g.id, customerId: ownerId ?? g.customerId })),
    });
    this.gatewaysChanged(
      checked.map((g) => g.sn),
      false,
    );
    const { gateways: _g, ...logged } = input;
    await this.log(a, plantId, 'plant.create', null, { ...logged, gateways: checked.map((g) => g.sn) });
    return { id: plantId, gateways: checked };
  }

  async detail(auth: AuthContext, id: string): Promise<PlantDetail> {
    const p = await visiblePlant(this.db, auth, id);
    const people = await query<{ id: string; account: string; nickname: string }>(
      this.db,
      sql`select id, account, nickname from app_user where id in (${p.owner_id}, ${p.created_by}, ${p.installer_id})`,
    );
    const person = (uid: string | null) => people.find((u) => u.id === uid) ?? null;
    const gateways = await query<{ sn: string; alias: string | null; online: boolean; devices: unknown }>(
      this.db,
      sql`select g.sn, g.alias, g.online,
            (select count(*) from device d where d.gateway_id = g.id and d.deleted_at is null) as devices
          from gateway g where g.plant_id = ${p.id} order by g.sn`,
    );
    return {
      id: p.id,
      name: p.name,
      type: p.type as PlantType,
      inverterKind: p.inverter_kind as InverterKind,
      capacityKw: Number(p.capacity_kw),
      commissionedOn: toDay(p.commissioned_on),
      timezone: p.timezone,
      currency: p.currency,
      address: p.address,
      country: p.country,
      latitude: Number(p.latitude),
      longitude: Number(p.longitude),
      alias: p.alias,
      totalInvestment: p.total_investment === null ? null : Number(p.total_investment),
      generationOffsetKwh: Number(p.generation_offset_kwh),
      settings: p.settings,
      valuation: p.valuation as Valuation,
      contactName: p.contact_name,
      contactPhone: p.contact_phone,
      picture: p.picture,
      owner: person(p.owner_id),
      creator: person(p.created_by),
      installer: person(p.installer_id),
      gateways: gateways.map((g) => ({ sn: g.sn, alias: g.alias, online: g.online, devices: Number(g.devices) })),
      rights: await rightsOn(this.db, auth, p),
    };
  }

  /** POST /plant/{id}, /info, /income, /contacts: the fields given, old and new values logged. */
  async update(
    a: Actor,
    id: string,
    operation: 'plant.edit' | 'plant.info' | 'plant.income' | 'plant.contacts',
    input: Partial<PlantEdit> | PlantInfo | PlantIncome | PlantContactsInput,
  ): Promise<void> {
    const p = await plantFor(this.db, a.auth, id, 'edit');
    const e = input as Partial<PlantEdit>;
    const set = editableColumns(e);
    if (e.settings !== undefined) set.settings = { ...p.settings, ...e.settings };
    const keys = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
    if (keys.length === 0) return;
    await this.db
      .update(plant)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(plant.id, p.id));
    await this.log(a, p.id, operation, snapshot(p, keys), input);
    if (e.settings !== undefined) this.settingsChanged(p.id);
  }

  /** Logical delete: hidden everywhere (every scope reads deleted_at), gateways and devices freed. */
  async remove(a: Actor, id: string): Promise<void> {
    const p = await plantFor(this.db, a.auth, id, 'delete');
    const gws = await this.db.select({ id: gateway.id, sn: gateway.sn }).from(gateway).where(eq(gateway.plantId, p.id));
    await this.db.transaction(async (tx) => {
      for (const g of gws) await unbindGateway(tx, g.id);
      await tx.update(plant).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(plant.id, p.id));
    });
    this.gatewaysChanged(
      gws.map((g) => g.sn),
      true,
    );
    await this.log(a, p.id, 'plant.delete', { name: p.name, gateways: gws.map((g) => g.sn) }, null);
  }

  /** POST /gateways/check: what the wizard shows after the serial number and key are typed. */
  async check(
    auth: AuthContext,
    input: {
      sn: string;
      key: string;
      confirm?: boolean | undefined;
      ownerAccount?: string | undefined;
      plantId?: string | undefined;
    },
  ): Promise<CheckedGateway> {
    let ownerId: string | null = null;
    let companyId: string | null | undefined;
    if (input.plantId) {
      const p = await plantFor(this.db, auth, input.plantId, 'edit');
      ownerId = p.owner_id;
      companyId = p.company_id;
    } else if (input.ownerAccount) {
      ownerId = await this.ownerFor(auth, input.ownerAccount);
    }
    return checkGateway(this.db, auth, { ...input, ownerId, companyId });
  }

  /** POST /plant/{id}/gateway: bind one more gateway, or unbind one of the plant's. */
  async gateway(
    a: Actor,
    id: string,
    input:
      { action: 'bind'; sn: string; key: string; confirm?: boolean | undefined } | { action: 'unbind'; sn: string },
  ): Promise<CheckedGateway | null> {
    const p = await plantFor(this.db, a.auth, id, 'edit');
    if (input.action === 'bind') {
      const g = await checkGateway(this.db, a.auth, { ...input, ownerId: p.owner_id, companyId: p.company_id });
      await this.db.transaction((tx) =>
        bindGateway(
          tx,
          { gatewayId: g.id, plantId: p.id, companyId: p.company_id, customerId: p.owner_id ?? g.customerId },
          { onlyUnbound: true },
        ),
      );
      this.gatewaysChanged([g.sn], false);
      await this.log(a, p.id, 'plant.gateway.bind', null, { sn: g.sn });
      return g;
    }
    const [g] = await this.db
      .select({ id: gateway.id, sn: gateway.sn })
      .from(gateway)
      .where(and(eq(gateway.plantId, p.id), sql`upper(${gateway.sn}) = upper(${input.sn})`));
    if (!g) throw new AppError('gatewayNotFound', { data: { sn: input.sn } });
    await this.db.transaction((tx) => unbindGateway(tx, g.id));
    this.gatewaysChanged([g.sn], true);
    await this.log(a, p.id, 'plant.gateway.unbind', { sn: g.sn }, null);
    return null;
  }

  /**
   * Share (spec §6), by the plant's creator only: not to yourself (701), not to a company user (702: an
   * account whose plants come from its company — administrators, staff, installers, agents, customers,
   * platform administrators), and not a company plant (703: one without an owner account, which belongs
   * to the company itself). Sharing again changes the level.
   */
  async share(a: Actor, id: string, input: { account: string; level: ShareLevel }): Promise<void> {
    const p = await plantFor(this.db, a.auth, id, 'share');
    const u = await this.userByAccount(input.account);
    if (!u) throw new AppError('accountNotRegistered');
    if (u.id === a.auth.userId) throw new AppError('shareSelf');
    if (!PRIVATE_ROLES.has(u.role)) throw new AppError('shareCompanyUser');
    if (p.owner_id === null) throw new AppError('shareCompanyPlant');
    if (u.id === p.owner_id) throw new AppError('already');
    const [before] = await this.db
      .select({ level: plantShare.level })
      .from(plantShare)
      .where(and(eq(plantShare.plantId, p.id), eq(plantShare.userId, u.id)));
    await this.db
      .insert(plantShare)
      .values({ plantId: p.id, userId: u.id, level: input.level })
      .onConflictDoUpdate({ target: [plantShare.plantId, plantShare.userId], set: { level: input.level } });
    await this.log(a, p.id, 'plant.share', before ? { account: u.account, level: before.level } : null, {
      account: u.account,
      level: input.level,
    });
  }

  async cancelShare(a: Actor, id: string, account: string): Promise<void> {
    const p = await plantFor(this.db, a.auth, id, 'share');
    const u = await this.userByAccount(account);
    const removed = u
      ? await this.db
          .delete(plantShare)
          .where(and(eq(plantShare.plantId, p.id), eq(plantShare.userId, u.id)))
          .returning({ level: plantShare.level })
      : [];
    if (removed.length === 0) throw new AppError('notFound');
    await this.log(a, p.id, 'plant.cancelShare', { account: u?.account, level: removed[0]?.level }, null);
  }

  /** Who the plant is shared to: its creator and company staff see the list; a share holder does not. */
  async shareUsers(auth: AuthContext, id: string): Promise<ShareUser[]> {
    const p = await visiblePlant(this.db, auth, id);
    const rights = await rightsOn(this.db, auth, p);
    if (!rights.share && !rights.transfer) throw new AppError('noPermission', { httpStatus: 403 });
    const rows = await query<{ account: string; nickname: string; level: ShareLevel; created_at: unknown }>(
      this.db,
      sql`select u.account, u.nickname, s.level, s.created_at from plant_share s join app_user u on u.id = s.user_id
          where s.plant_id = ${p.id} order by s.created_at, u.account`,
    );
    return rows.map((r) => ({
      account: r.account,
      nickname: r.nickname,
      level: r.level,
      since: toMs(r.created_at),
    }));
  }

  /**
   * Transfer ownership (spec §5): the recipient's account and the owner's password — the current owner's,
   * or the caller's own for a plant that has no owner yet. A wrong password is 108 ("password wrong"), not
   * 102: the client treats 102 as a failed sign-in and signs the user out (spec §4).
   */
  async transfer(a: Actor, id: string, input: { account: string; keyId: string; password: string }): Promise<void> {
    const p = await plantFor(this.db, a.auth, id, 'transfer');
    // The password is an owner's: guessing it here must be as slow as at sign-in.
    const [recent] = await query<{ n: unknown }>(
      this.db,
      sql`select count(*) as n from operation_log where user_id = ${a.auth.userId} and operation = 'plant.transfer'
          and result = 'failed' and created_at > now() - interval '15 minutes'`,
    );
    if (Number(recent?.n ?? 0) >= TRANSFER_FAILURES_ALLOWED) throw new AppError('tooManyRequests');
    const password = await this.keys.decrypt(input.keyId, input.password);
    if (password === undefined) throw new ValidationError([{ field: 'password', rule: 'decrypt' }]);
    const [holder] = await this.db
      .select({ hash: appUser.passwordHash })
      .from(appUser)
      .where(eq(appUser.id, p.owner_id ?? a.auth.userId));
    if (!holder || !(await verifyPassword(password, holder.hash))) {
      await this.log(a, p.id, 'plant.transfer', { ownerId: p.owner_id }, { account: input.account }, 'failed');
      throw new AppError('oldPasswordWrong');
    }
    const u = await this.userByAccount(input.account);
    const reachable = u && (u.company_id === null || u.company_id === p.company_id);
    if (!u || !reachable) throw new AppError('accountNotRegistered');
    if (u.role !== 'plant_owner') throw new AppError('accountOtherCompany');
    if (u.id === p.owner_id) throw new AppError('already');
    await this.db.transaction(async (tx) => {
      await tx.update(plant).set({ ownerId: u.id, updatedAt: new Date() }).where(eq(plant.id, p.id));
      // The new owner sees the plant as owner; a share of theirs is now redundant.
      await tx.delete(plantShare).where(and(eq(plantShare.plantId, p.id), eq(plantShare.userId, u.id)));
      await tx.update(gateway).set({ customerId: u.id }).where(eq(gateway.plantId, p.id));
    });
    await this.log(a, p.id, 'plant.transfer', { ownerId: p.owner_id }, { ownerId: u.id, account: u.account });
  }

  logPicture(a: Actor, plantId: string, before: string | null, after: string): Promise<void> {
    return this.log(a, plantId, 'plant.picture', before, after);
  }
}
