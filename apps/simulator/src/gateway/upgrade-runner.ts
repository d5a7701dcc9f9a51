/**
 * A gateway's upgrades (issue 13, docs/gateway-protocol.md "Upgrades"): each `upgrade` command is verified at
 * once (a refusal is answered and nothing is fetched), then waits its turn, because a gateway downloads one
 * image at a time and holds at most one in memory; it is downloaded (resuming a cut), checked against the
 * manifest's size and SHA-256, and installed, which takes simulated time and may fail. Every step is answered
 * on up/ack under the upgrade's command id, through the client's result queue, so a reconnect (or the reboot
 * after the gateway's own upgrade) loses no answer. `cancelUpgrade` stops it until flashing starts.
 */
import { createHash } from 'node:crypto';
import {
  UPGRADE_CMD_PREFIX,
  upgradeCancellable,
  upgradeManifestSchema,
  type CommandResult,
  type FirmwareKind,
  type GatewayCommand,
  type UpgradeManifest,
  type UpgradeStep,
} from '@heliograph/shared';
import { Rng } from '../random.js';
import type { Logger } from './logger.js';
import { DownloadCancelled, DownloadError, downloadImage, type Download } from './upgrade-download.js';
import { trustedKeyFromPem, verifyUpgrade, type UpgradeSubject } from './upgrade-verify.js';

/** What the runner needs from its gateway. */
export interface UpgradeHost {
  now(): number;
  /** The gateway itself or one of its devices; undefined for any other serial number. */
  subject(sn: string): UpgradeSubject | undefined;
  /** The device (or the gateway) now runs `version`. */
  installed(sn: string, version: string): void;
  /** Answers on up/ack; must not lose the answer across a reconnect. */
  publish(result: CommandResult): void;
  log: Logger;
}

export interface UpgradeTuning {
  /** The platform's public key (SPKI PEM) that signs manifests; without it every upgrade is refused. */
  manifestKey?: string;
  /** Multiplies the simulated install time (1: 20–60 s for an inverter; tests use a tiny fraction). */
  timeScale?: number;
  /** The share of installs that fail, 0–1. Default 0.03. */
  failureRate?: number;
  /** Seeds the install times and failures, so a run is repeatable. Default 1. */
  seed?: number;
  /** Retries of a cut download. Default 5. */
  retries?: number;
  /** Wait before the first retry of a cut download, doubling with each. Default 1 s. */
  retryBaseMs?: number;
  /** Waits; injectable so tests need not. The signal, when given, cuts the wait short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Fetches an image; injectable so tests can count that a refused upgrade fetches nothing. */
  download?: Download;
}

/** Simulated flashing time by kind, seconds (before timeScale): a gateway also reboots. */
const INSTALL_SECONDS: Record<FirmwareKind, readonly [number, number]> = {
  inverter: [20, 60],
  battery: [30, 60],
  gateway: [40, 90],
  meter: [10, 25],
  lora: [10, 20],
  switch: [5, 15],
};

/** Outcomes kept to answer a command that comes again (a resend after the gateway was offline). */
const REMEMBERED = 64;

/** The cancel command's `upgradeId` is checked as the manifest's is. */
const upgradeIdSchema = upgradeManifestSchema.shape.upgradeId;

interface Job {
  cmdId: string;
  manifest: UpgradeManifest;
  subject: UpgradeSubject;
  abort: AbortController;
  phase: 'queued' | 'downloading' | 'flashing';
  /** Answered 'cancelled' already: the download's end must not answer again. */
  cancelled: boolean;
}

export class UpgradeRunner {
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private readonly finished = new Map<string, CommandResult>();
  private readonly rng: Rng;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private stopped = false;

  constructor(
    private readonly host: UpgradeHost,
    private readonly tuning: UpgradeTuning = {},
  ) {
    this.rng = new Rng(tuning.seed ?? 1);
    this.sleep = tuning.sleep ?? plainSleep;
  }

  /** Whether an upgrade is being downloaded or installed, or waits for its turn. */
  get busy(): boolean {
    return this.current !== undefined || this.queue.length > 0;
  }

  /** Handles an `upgrade` or `cancelUpgrade` command; every answer goes out through the host. */
  handle(cmd: GatewayCommand): void {
    if (cmd.type === 'cancelUpgrade') this.cancel(cmd);
    else this.start(cmd);
  }

  /** The gateway is switched off: downloads stop, nothing more is answered. */
  stop(): void {
    this.stopped = true;
    for (const job of [...this.queue, ...(this.current ? [this.current] : [])]) job.abort.abort();
    this.queue.length = 0;
  }

  private start(cmd: GatewayCommand): void {
    const known = this.jobOf(cmd.cmdId);
    if (known) {
      // The same command again (the console resent it): it is under way, say where.
      this.host.log('info', `upgrade ${cmd.cmdId} repeated while ${known.phase}`);
      return;
    }
    const done = this.finished.get(cmd.cmdId);
    if (done?.status === 'succeeded') {
      // Installed already: running it again would only be refused as a downgrade.
      this.host.publish(done);
      return;
    }
    // A failed or cancelled upgrade sent again is the console trying again: it runs anew.
    this.finished.delete(cmd.cmdId);
    // Refusals are answered, not remembered: the same upgrade may come again with a fresh manifest.
    const refuse = (error: string) => this.host.publish({ cmdId: cmd.cmdId, status: 'failed', error });
    if (cmd.expiresAt < this.host.now()) return refuse('expired');
    const verdict = verifyUpgrade(cmd, {
      trustedKey: trustedKeyFromPem(this.tuning.manifestKey),
      now: this.host.now(),
      subject: (sn) => this.host.subject(sn),
    });
    if (!verdict.ok) {
      this.host.log('warn', `upgrade ${cmd.cmdId} refused: ${verdict.error}`);
      return refuse(verdict.error);
    }
    this.queue.push({
      cmdId: cmd.cmdId,
      manifest: verdict.manifest,
      subject: verdict.subject,
      abort: new AbortController(),
      phase: 'queued',
      cancelled: false,
    });
    this.step(cmd.cmdId, 'sendingCode');
    this.next();
  }

  private cancel(cmd: GatewayCommand): void {
    const answer = (result: Omit<CommandResult, 'cmdId'>) => this.host.publish({ cmdId: cmd.cmdId, ...result });
    if (cmd.expiresAt < this.host.now()) return answer({ status: 'failed', error: 'expired' });
    const upgradeId = upgradeIdSchema.safeParse(cmd.params.upgradeId);
    if (!upgradeId.success) return answer({ status: 'failed', error: 'upgradeId must be an upgrade id' });
    const cmdId = `${UPGRADE_CMD_PREFIX}${upgradeId.data}`;
    const job = this.jobOf(cmdId);
    if (!job) return answer({ status: 'failed', error: this.finished.has(cmdId) ? 'too late' : 'unknown upgrade' });
    // A micro inverter flashes from the first byte it gets: there is no stopping it (spec §4, code 1209).
    if (!upgradeCancellable(job.manifest.kind, job.subject.model)) {
      return answer({ status: 'failed', error: 'not supported' });
    }
    if (job.phase === 'flashing') return answer({ status: 'failed', error: 'too late' });
    job.cancelled = true;
    job.abort.abort();
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    this.finish(cmdId, { status: 'failed', error: 'cancelled' });
    answer({ status: 'succeeded', result: { upgradeId: upgradeId.data } });
  }

  private jobOf(cmdId: string): Job | undefined {
    return this.current?.cmdId === cmdId ? this.current : this.queue.find((j) => j.cmdId === cmdId);
  }

  /** One upgrade at a time: the next one starts when this one has answered its outcome. */
  private next(): void {
    if (this.current || this.stopped) return;
    const job = this.queue.shift();
    if (!job) return;
    this.current = job;
    void this.run(job)
      .catch((error: unknown) => {
        // A bug, not a device's outcome: still answer, or the console waits until it times out.
        this.host.log('error', `upgrade ${job.cmdId}: ${error instanceof Error ? error.message : String(error)}`);
        if (!job.cancelled && !this.stopped) this.finish(job.cmdId, { status: 'failed', error: 'internal error' });
      })
      .finally(() => {
        this.current = undefined;
        this.next();
      });
  }

  private async run(job: Job): Promise<void> {
    const { manifest } = job;
    job.phase = 'downloading';
    let image: Buffer;
    try {
      image = await (this.tuning.download ?? downloadImage)({
        url: manifest.url,
        size: manifest.size,
        signal: job.abort.signal,
        retries: this.tuning.retries,
        retryBaseMs: this.tuning.retryBaseMs,
        // Without an injected one the download's own wait, which a cancel cuts short.
        sleep: this.tuning.sleep,
        onProgress: (percent) => {
          if (!job.abort.signal.aborted) this.step(job.cmdId, 'sendingFile', percent);
        },
      });
    } catch (error) {
      if (job.cancelled || this.stopped) return;
      if (error instanceof DownloadCancelled) return this.finish(job.cmdId, { status: 'failed', error: 'cancelled' });
      const message = error instanceof DownloadError ? error.message : 'download failed';
      return this.finish(job.cmdId, { status: 'failed', error: message, result: { step: 'downloadFailed' } });
    }
    if (job.cancelled || this.stopped) return;
    const problem =
      image.length !== manifest.size
        ? 'size mismatch'
        : createHash('sha256').update(image).digest('hex') !== manifest.sha256
          ? 'hash mismatch'
          : undefined;
    if (problem)
      return this.finish(job.cmdId, { status: 'failed', error: problem, result: { step: 'downloadFailed' } });
    this.step(job.cmdId, 'downloadOk');

    // From here on the device is being flashed: it cannot be stopped, and the image is written to it.
    job.phase = 'flashing';
    const [min, max] = INSTALL_SECONDS[manifest.kind];
    const seconds = min + (max - min) * this.rng.next();
    const fails = this.rng.next() < (this.tuning.failureRate ?? 0.03);
    await this.sleep(seconds * 1000 * (this.tuning.timeScale ?? 1));
    if (this.stopped) return;
    if (fails) {
      return this.finish(job.cmdId, {
        status: 'failed',
        error: 'flash verify failed',
        result: { step: 'upgradeFailed' },
      });
    }
    this.step(job.cmdId, 'upgradeOk');
    this.finish(job.cmdId, { status: 'succeeded', result: { version: manifest.version } });
    this.host.log('info', `${manifest.device} upgraded to ${manifest.version}`);
    this.host.installed(manifest.device, manifest.version);
  }

  private step(cmdId: string, step: UpgradeStep, progress?: number): void {
    this.host.publish({ cmdId, status: 'progress', result: { step }, ...(progress === undefined ? {} : { progress }) });
  }

  /** Answers the outcome and remembers it, so the same command again gets the same answer. */
  private finish(cmdId: string, result: Omit<CommandResult, 'cmdId'>): void {
    const full: CommandResult = { cmdId, ...result };
    this.finished.set(cmdId, full);
    if (this.finished.size > REMEMBERED) {
      const oldest = this.finished.keys().next().value;
      if (oldest !== undefined) this.finished.delete(oldest);
    }
    this.host.publish(full);
  }
}

function plainSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
