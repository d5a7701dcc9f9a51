import { and, eq, inArray } from 'drizzle-orm';
import {
  errorMessage,
  fieldMessage,
  gatewayTopics,
  UPGRADE_OPEN_STATES,
  type GatewayCommand,
  type Lang,
  type RolloutPlan,
  type RolloutRow,
  type UpgradeCheck,
  type UpgradeRow,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/rows.js';
import { upgrade, upgradeRollout } from '../../db/schema.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { Caller } from '../commands/device-command.js';
import { recordOperation } from '../commands/operation-log.js';
import { optionsFor } from '../firmware/installable.js';
import type { MessageBus } from '../mqtt/bus.js';
import type { UpgradeDispatcher } from './dispatcher.js';
import {
  chosenFirmware,
  isUpgrading,
  mayUpgrade,
  openUpgradesOf,
  planUpgrade,
  type ChosenFirmware,
} from './eligibility.js';
import { findEquipment, type Equipment } from './equipment.js';
import { CANCEL_CMD_PREFIX } from './results.js';
import { rolloutById } from './rollouts.js';
import { upgradeRowById, upgradeRows } from './rows.js';
import { waveCount, waveOf, waveSize } from './waves.js';

/** How long a cancel command is good for: the gateway acts on it at once or not at all. */
const CANCEL_TTL_MS = 5 * 60_000;

export interface UpgradeServiceDeps {
  db: Db;
  bus: Pick<MessageBus, 'publish'>;
  log: FastifyBaseLogger;
  now: () => number;
  dispatcher: Pick<UpgradeDispatcher, 'kick'>;
}

/** One device of a batch that was not started, with the code of its refusal and its message. */
export interface Refusal {
  sn: string;
  code: number;
  msg: string;
}

/** A refusal's code and message in the caller's language (a field error names its rule's message). */
function refusalOf(sn: string, err: AppError, lang: Lang): Refusal {
  const field = err instanceof ValidationError ? err.fields[0] : undefined;
  return { sn, code: err.code, msg: field ? fieldMessage(field.rule, lang) : errorMessage(err.key, lang) };
}

/**
 * Starting, cancelling and reading remote upgrades (issue 13 points 3 and 4). A start only records the
 * upgrade (`queued`, or `waiting` for an offline gateway) and kicks the dispatcher, which alone sends: so a
 * start on one instance and a gateway coming online on another never send the same upgrade twice.
 */
export class UpgradeService {
  constructor(private readonly deps: UpgradeServiceDeps) {}

  /** upgrade/{sn}/check: what the device runs, whether it is reachable, the firmware it may take now. */
  async check(caller: Caller, sn: string): Promise<UpgradeCheck> {
    const { db } = this.deps;
    const dev = await findEquipment(db, caller.auth, sn, { write: false, now: this.deps.now() });
    // The first step of an upgrade: for those who may upgrade this kind.
    mayUpgrade(caller.auth, dev.kind);
    const options = await optionsFor(db, caller.auth, { kind: dev.kind, model: dev.model, current: dev.current });
    const [open] = await upgradeRows(
      db,
      and(eq(upgrade.sn, dev.sn), inArray(upgrade.state, [...UPGRADE_OPEN_STATES])),
      1,
    );
    return {
      sn: dev.sn,
      kind: dev.kind,
      model: dev.model,
      current: dev.current,
      online: dev.online,
      gatewayOnline: dev.gatewayOnline,
      options: options.map((f) => ({
        firmwareId: f.id,
        softwareVersion: f.softwareVersion,
        fileName: f.fileName,
        size: f.size,
        changeLog: f.changeLog,
        upgradeMode: f.upgradeMode,
        createdAt: f.createdAt,
      })),
      open: open ?? null,
    };
  }

  /** The device's newest upgrade, running or finished; null when it never had one. */
  async progress(caller: Caller, sn: string): Promise<UpgradeRow | null> {
    const dev = await findEquipment(this.deps.db, caller.auth, sn, { write: false, now: this.deps.now() });
    const [row] = await upgradeRows(this.deps.db, eq(upgrade.sn, dev.sn), 1);
    return row ?? null;
  }

  /** POST /equip/:sn/upgrade: one device, checked as planUpgrade says; answers the new upgrade. */
  async start(caller: Caller, sn: string, body: { firmwareId: string; confirmOffline: boolean }): Promise<UpgradeRow> {
    const { db } = this.deps;
    const dev = await findEquipment(db, caller.auth, sn, { write: true, now: this.deps.now() });
    mayUpgrade(caller.auth, dev.kind);
    const fw = await chosenFirmware(db, caller.auth, body.firmwareId);
    const state = planUpgrade(dev, fw, {
      confirmOffline: body.confirmOffline,
      upgrading: await isUpgrading(db, dev.sn),
    });
    const id = await this.insert(db, caller, dev, fw, state, null);
    await this.log(caller, dev, fw, 'upgrade.start', state);
    await this.deps.dispatcher.kick();
    return upgradeRowById(db, id);
  }

  /**
   * POST /equip/batchUpgrade: each device checked as a single start; the refused are listed with their code,
   * the rest start — at once, or with `rollout` in waves (waves.ts). The firmware itself must be one the caller
   * may see, or nothing starts.
   */
  async startBatch(
    caller: Caller,
    lang: Lang,
    body: { firmwareId: string; sns: string[]; confirmOffline: boolean; rollout?: RolloutPlan | undefined },
  ): Promise<{ started: UpgradeRow[]; refused: Refusal[]; rollout: RolloutRow | null }> {
    const { db } = this.deps;
    const fw = await chosenFirmware(db, caller.auth, body.firmwareId);
    // Whoever may not upgrade this firmware's kind at all is refused as a whole, before any device is read.
    mayUpgrade(caller.auth, fw.kind);
    const sns = [...new Set(body.sns)];
    const upgrading = await openUpgradesOf(db, sns);
    const accepted: { dev: Equipment; state: 'queued' | 'waiting' }[] = [];
    const refused: Refusal[] = [];
    for (const sn of sns) {
      try {
        const dev = await findEquipment(db, caller.auth, sn, { write: true, now: this.deps.now() });
        mayUpgrade(caller.auth, dev.kind);
        const state = planUpgrade(dev, fw, { confirmOffline: body.confirmOffline, upgrading: upgrading.has(dev.sn) });
        accepted.push({ dev, state });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.push(refusalOf(sn, err, lang));
      }
    }

    // The rollout and its rows go in as one: a dispatcher round in between (any instance, kicked by a gateway
    // coming online) would find the first wave empty, judge it through and move the rollout to wave 2.
    const { rollout, inserted } = await db.transaction(async (tx) => {
      let made: { id: string; size: number } | null = null;
      if (body.rollout && accepted.length > 0) {
        const size = waveSize(accepted.length, body.rollout.wavePercent);
        const [r] = await tx
          .insert(upgradeRollout)
          .values({
            companyId: caller.auth.companyId,
            firmwareId: fw.id,
            kind: fw.kind,
            wavePercent: body.rollout.wavePercent,
            haltPercent: body.rollout.haltPercent,
            waves: waveCount(accepted.length, size),
            createdBy: caller.auth.userId,
            createdAt: new Date(this.deps.now()),
            updatedAt: new Date(this.deps.now()),
          })
          .returning({ id: upgradeRollout.id });
        if (r) made = { id: r.id, size };
      }
      const rows: { id: string; dev: Equipment; state: 'queued' | 'waiting' }[] = [];
      for (const [i, { dev, state }] of accepted.entries()) {
        try {
          const wave = made ? { id: made.id, wave: waveOf(i, made.size) } : null;
          // A savepoint each: a device that raced into another upgrade is refused without undoing the rest.
          const id = await tx.transaction((sp) => this.insert(sp, caller, dev, fw, state, wave));
          rows.push({ id, dev, state });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refused.push(refusalOf(dev.sn, err, lang));
        }
      }
      return { rollout: made, inserted: rows };
    });
    const ids = inserted.map((r) => r.id);
    for (const { dev, state } of inserted) await this.log(caller, dev, fw, 'upgrade.start', state);
    await this.deps.dispatcher.kick();
    const started = ids.length ? await upgradeRows(db, inArray(upgrade.id, ids), ids.length) : [];
    return {
      started: started.reverse(),
      refused,
      rollout: rollout ? await rolloutById(db, caller.auth, rollout.id) : null,
    };
  }

  /**
   * POST /equip/:sn/cutUpgrade. Not yet sent (waiting, queued): cancelled at once. Running: the gateway is
   * asked (`cancelUpgrade`) and its answer to the upgrade decides: cancelled, or cancelFailed with what the
   * device did. A micro inverter, or a device that is already flashing, cannot be stopped (1209).
   */
  async cancel(caller: Caller, sn: string): Promise<UpgradeRow> {
    const { db } = this.deps;
    const now = this.deps.now();
    const dev = await findEquipment(db, caller.auth, sn, { write: true, now });
    mayUpgrade(caller.auth, dev.kind);
    const [open] = await upgradeRows(
      db,
      and(eq(upgrade.sn, dev.sn), inArray(upgrade.state, [...UPGRADE_OPEN_STATES])),
      1,
    );
    if (!open) throw new AppError('notFound');
    if (!open.cancellable) throw new AppError('inverterNoCancel');
    const [stopped] = await db
      .update(upgrade)
      .set({ state: 'cancelled', finishedAt: new Date(now), error: null })
      .where(and(eq(upgrade.id, open.id), inArray(upgrade.state, ['waiting', 'queued'])))
      .returning({ id: upgrade.id });
    if (stopped) {
      await this.logCancel(caller, dev, 'cancelled');
      // A cancelled row can be the last of its rollout's wave.
      if (open.rolloutId) await this.deps.dispatcher.kick();
      return upgradeRowById(db, open.id);
    }
    const [asked] = await db
      .update(upgrade)
      .set({ cancelRequestedAt: new Date(now) })
      .where(and(eq(upgrade.id, open.id), eq(upgrade.state, 'running')))
      .returning({ id: upgrade.id });
    // It ended meanwhile: the answer is how it ended.
    if (!asked) return upgradeRowById(db, open.id);
    const cmd: GatewayCommand = {
      cmdId: `${CANCEL_CMD_PREFIX}${open.id}`,
      type: 'cancelUpgrade',
      device: dev.sn,
      params: { upgradeId: open.id },
      expiresAt: now + CANCEL_TTL_MS,
    };
    await this.deps.bus.publish(gatewayTopics(dev.gatewaySn).command, JSON.stringify(cmd));
    await this.logCancel(caller, dev, 'sent');
    return upgradeRowById(db, open.id);
  }

  private async insert(
    db: Db,
    caller: Caller,
    dev: Equipment,
    fw: ChosenFirmware,
    state: 'queued' | 'waiting',
    rollout: { id: string; wave: number } | null,
  ): Promise<string> {
    try {
      const [row] = await db
        .insert(upgrade)
        .values({
          companyId: dev.companyId,
          plantId: dev.plantId,
          gatewayId: dev.gatewayId,
          deviceId: dev.deviceId,
          kind: dev.kind,
          sn: dev.sn,
          model: dev.model,
          firmwareId: fw.id,
          fromVersion: dev.current,
          toVersion: fw.softwareVersion,
          state,
          rolloutId: rollout?.id ?? null,
          wave: rollout?.wave ?? null,
          createdBy: caller.auth.userId,
          createdAt: new Date(this.deps.now()),
        })
        .returning({ id: upgrade.id });
      if (!row) throw new Error('upgrade insert returned nothing');
      return row.id;
    } catch (err) {
      // Two starts raced past the open-upgrade check: the index of open upgrades lets one through.
      if (isUniqueViolation(err, 'upgrade_one_open')) throw new AppError('deviceUpgrading');
      throw err;
    }
  }

  private log(caller: Caller, dev: Equipment, fw: ChosenFirmware, operation: string, state: string): Promise<void> {
    return recordOperation(this.deps.db, {
      auth: caller.auth,
      ip: caller.ip,
      target: dev.sn,
      plantId: dev.plantId,
      operation,
      oldValue: dev.current,
      newValue: fw.softwareVersion,
      result: state === 'waiting' ? 'waiting' : 'sent',
    });
  }

  private logCancel(caller: Caller, dev: Equipment, result: string): Promise<void> {
    return recordOperation(this.deps.db, {
      auth: caller.auth,
      ip: caller.ip,
      target: dev.sn,
      plantId: dev.plantId,
      operation: 'upgrade.cancel',
      result,
    });
  }
}
