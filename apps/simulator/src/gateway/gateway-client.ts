/**
 * One simulated gateway on MQTT, as docs/gateway-protocol.md describes it: client id = username = serial,
 * a persistent session, a retained last will saying offline, status online on every connect; telemetry
 * batches and events through the store-and-forward outbox (kept until down/ack says committed or
 * rejected, replayed unchanged after a reconnect); commands from down/cmd answered on up/ack; upgrades run
 * by an UpgradeRunner whose answers go through a result queue that survives reconnects.
 */
import { connect, type MqttClient } from 'mqtt';
import {
  batchAckSchema,
  commandSchema,
  gatewayTopics,
  type CommandResult,
  type GatewayCommand,
  type GatewayEvent,
  type GatewayStatus,
  type ProtocolUpdateParams,
  type Sample,
  type TelemetryBatch,
} from '@heliograph/shared';
import { runCommand, type CommandTarget, type GatewayControl } from './commands.js';
import { runSunspecScan } from './sunspec-scan.js';
import { SIM_GATEWAY_FIRMWARE, SIM_GATEWAY_MODEL } from './identity.js';
import { Outbox, type OutboxEntry, type Outcome } from './outbox.js';
import type { Logger } from './logger.js';
import { Journal } from './journal.js';
import { reconnectDelay } from './reconnect.js';
import { ResultQueue } from './result-queue.js';
import { UpgradeRunner, type UpgradeTuning } from './upgrade-runner.js';
import type { UpgradeSubject } from './upgrade-verify.js';

export interface GatewayClientOptions {
  sn: string;
  password: string;
  /** mqtt://host:port */
  url: string;
  intervalSec: number;
  /** What the gateway runs at start. Default SIM_GATEWAY_FIRMWARE; an upgrade of the gateway changes it. */
  firmware?: string;
  /** The gateway's model, in its status (firmware is made for a model). Default SIM_GATEWAY_MODEL. */
  model?: string;
  /**
   * The platform's public key (SPKI PEM) the gateway trusts for upgrade manifests. Never taken from a
   * manifest or its URL; without it every upgrade is refused with 'bad signature'.
   */
  manifestKey?: string;
  /** How upgrades behave (install time, failure rate, retries); the defaults are a real gateway's. */
  upgrade?: Omit<UpgradeTuning, 'manifestKey'>;
  /** Entries published and not yet acknowledged, at most. Default 8. */
  window?: number;
  /** An entry unacknowledged this long is published again (same id). Default 60 s. */
  ackTimeoutMs?: number;
  /** Entries kept at most; the oldest are dropped beyond it. Default 10,000. */
  capacity?: number;
  /** Base wait before reconnecting after a lost connection (it grows with failed attempts, with jitter). Default 2 s. */
  reconnectMs?: number;
  target?: CommandTarget;
  clock?: () => number;
  log?: Logger;
  /** Told when the upload interval changes by command, so the caller can reschedule. */
  onIntervalChange?: (seconds: number) => void;
}

export interface GatewayStats {
  connected: boolean;
  /** Publishes, replays included. */
  published: number;
  /** Publishes of an entry that had gone out before. */
  replayed: number;
  committed: number;
  rejected: number;
  dropped: number;
  samplesCommitted: number;
  /** Entries waiting for their acknowledgement. */
  buffered: number;
  commands: number;
}

const NO_TARGET: CommandTarget = {
  hasDevice: () => false,
  setRunning: () => {},
  readSettings: () => ({}),
  writeSettings: () => ({ error: 'no devices' }),
  debugRead: () => ({}),
};

export class GatewayClient {
  readonly sn: string;
  private readonly topics: ReturnType<typeof gatewayTopics>;
  private readonly outbox: Outbox;
  private readonly window: number;
  private readonly ackTimeoutMs: number;
  private readonly clock: () => number;
  private readonly log: Logger;
  private readonly journal = new Journal();
  private client: MqttClient | undefined;
  private connected = false;
  /** Held offline by a fault or stopped: no reconnecting until goOnline. */
  private held = false;
  /** The broker it connects to: options.url until a `serverAddress` command names another. */
  private url: string;
  private stopped = false;
  /** Connection attempts that failed since the last success (the reconnect wait grows with them). */
  private failedAttempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private intervalSec: number;
  /** Makes ids unique across runs of the same gateway (a process restart starts the counters again). */
  private readonly run: string;
  private batchCounter = 0;
  private eventCounter = 0;
  /** The version the gateway runs: changes when it upgrades itself. */
  private firmware: string;
  /** Answers sent after the command's own (upgrade steps): kept until the broker has them. */
  private readonly results = new ResultQueue();
  /** Made with the first upgrade command: most gateways of a large fleet never get one. */
  private upgrader: UpgradeRunner | undefined;
  /** Protocol configs the console pushed (protocolUpdate), by protocol and config name; kept for the run. */
  private readonly protocols = new Map<string, ProtocolUpdateParams>();
  private readonly watchdog: NodeJS.Timeout;
  private readonly roomWaiters: (() => void)[] = [];
  private readonly counts = {
    published: 0,
    replayed: 0,
    committed: 0,
    rejected: 0,
    dropped: 0,
    samplesCommitted: 0,
    commands: 0,
  };

  constructor(private readonly options: GatewayClientOptions) {
    this.sn = options.sn;
    this.url = options.url;
    this.topics = gatewayTopics(options.sn);
    this.window = options.window ?? 8;
    this.ackTimeoutMs = options.ackTimeoutMs ?? 60_000;
    this.clock = options.clock ?? Date.now;
    const log = options.log ?? (() => {});
    // Everything the gateway says goes into its own log too, which the console reads with logRead.
    this.log = (level, message) => {
      this.journal.add(
        this.clock(),
        level,
        message.startsWith(`${this.sn}: `) ? message.slice(this.sn.length + 2) : message,
      );
      log(level, message);
    };
    this.intervalSec = options.intervalSec;
    this.firmware = options.firmware ?? SIM_GATEWAY_FIRMWARE;
    this.run = this.clock().toString(36);
    this.outbox = new Outbox(options.capacity ?? 10_000, (entry) => {
      this.counts.dropped++;
      this.log('warn', `${this.sn}: buffer full, dropped ${entry.kind} ${entry.id} (${entry.samples} samples)`);
    });
    this.watchdog = setInterval(
      () => {
        const overdue = this.outbox.requeueOverdue(this.clock(), this.ackTimeoutMs);
        if (overdue > 0) this.pump();
      },
      Math.max(250, Math.min(5000, this.ackTimeoutMs / 4)),
    );
    this.watchdog.unref();
  }

  get interval(): number {
    return this.intervalSec;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** The firmware the gateway runs now. */
  get firmwareVersion(): string {
    return this.firmware;
  }

  /**
   * Answers a command again later (an upgrade's steps and outcome): published QoS 1 and kept until the
   * broker takes it, across reconnects.
   */
  publishResult(result: CommandResult): void {
    this.results.add(result);
    this.flushResults();
  }

  start(): void {
    if (!this.client && !this.held && !this.stopped) this.open();
  }

  /**
   * Queues a telemetry batch and returns its id and a promise of what became of it. `backfill` batches are
   * the ones `backfillRoom` paces.
   */
  sendTelemetry(samples: Sample[], options: { backfill?: boolean } = {}): { id: string; settled: Promise<Outcome> } {
    const id = `${this.sn}-${this.run}-${++this.batchCounter}`;
    const batch: TelemetryBatch = { id, samples };
    const entry = this.outbox.add({
      id,
      kind: 'telemetry',
      payload: JSON.stringify(batch),
      samples: samples.length,
      backfill: options.backfill,
    });
    this.pump();
    return { id, settled: entry.settled };
  }

  sendEvent(event: Omit<GatewayEvent, 'id'>): { id: string; settled: Promise<Outcome> } {
    const id = `${this.sn}-e-${this.run}-${++this.eventCounter}`;
    const full: GatewayEvent = { id, ...event };
    const entry = this.outbox.add({ id, kind: 'event', payload: JSON.stringify(full), samples: 1 });
    this.pump();
    return { id, settled: entry.settled };
  }

  /** Resolves when fewer than `window` backfill batches are waiting for their acknowledgement. */
  async backfillRoom(): Promise<void> {
    while (this.outbox.backfillPending >= this.window && !this.stopped) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
  }

  /** Entries waiting for acknowledgement, oldest first (ids and the exact JSON that was or will be sent). */
  pending(): readonly Pick<OutboxEntry, 'id' | 'kind' | 'payload'>[] {
    return this.outbox.pending();
  }

  /**
   * Drops the connection the way a lost network does (no DISCONNECT, so the broker publishes the last
   * will) and stays away until goOnline; telemetry keeps being buffered meanwhile.
   */
  goOffline(): void {
    this.held = true;
    this.drop();
  }

  goOnline(): void {
    this.held = false;
    this.start();
  }

  setIntervalSec(seconds: number): void {
    this.intervalSec = seconds;
    if (this.connected) this.publishStatus();
    this.options.onIntervalChange?.(seconds);
  }

  /** The protocol configs the console pushed to this gateway (protocolUpdate), as it keeps them. */
  protocolConfigs(): ProtocolUpdateParams[] {
    return [...this.protocols.values()];
  }

  stats(): GatewayStats {
    return { connected: this.connected, buffered: this.outbox.size, ...this.counts };
  }

  /** Says offline (retained) and disconnects; buffered entries are given up. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.upgrader?.stop();
    clearInterval(this.watchdog);
    clearTimeout(this.reconnectTimer);
    for (const wake of this.roomWaiters.splice(0)) wake();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    const wasConnected = this.connected;
    if (wasConnected) {
      const status: GatewayStatus = { state: 'offline', ts: this.clock() };
      await new Promise<void>((resolve) =>
        client.publish(this.topics.status, JSON.stringify(status), { qos: 1, retain: true }, () => resolve()),
      );
    }
    this.connected = false;
    // A client that never got in (a refused spare gateway, a broker going down) has nothing to flush, and a
    // graceful end would wait for its queued publishes to go out over a connection that never comes: force it.
    await new Promise<void>((resolve) => client.end(!wasConnected, {}, () => resolve()));
  }

  private open(): void {
    const will: GatewayStatus = { state: 'offline', ts: this.clock() };
    const client = connect(this.url, {
      clientId: this.sn,
      username: this.sn,
      password: this.options.password,
      clean: false,
      protocolVersion: 4,
      keepalive: 60,
      // Reconnecting is ours (scheduleReconnect): mqtt.js only knows a fixed period, which a whole fleet
      // would keep in lockstep.
      reconnectPeriod: 0,
      // mqtt.js's default and what gateways commonly use. With 10 s, a fleet reconnecting to a busy broker
      // abandoned handshakes that were merely slow and started them again after a backoff: more work for the
      // broker and 28-168 s for 10,000 gateways to be back (docs/operations.md).
      connectTimeout: 30_000,
      will: { topic: this.topics.status, payload: Buffer.from(JSON.stringify(will)), qos: 1, retain: true },
    });
    this.client = client;

    client.on('connect', () => {
      if (this.client !== client) return;
      this.failedAttempts = 0;
      this.connected = true;
      this.log('info', `${this.sn}: connected`);
      this.publishStatus();
      client.subscribe([this.topics.batchAck, this.topics.command], { qos: 1 });
      // Whatever was in flight when the connection went may never have arrived: send it all again.
      this.outbox.requeueAll();
      this.pump();
      this.results.requeueAll();
      this.flushResults();
    });
    client.on('close', () => {
      if (this.client !== client) return;
      this.connected = false;
      this.scheduleReconnect(client);
    });
    client.on('error', (error) => {
      this.log('warn', `${this.sn}: ${error.message}`);
    });
    client.on('message', (topic, payload) => {
      if (this.client !== client) return;
      if (topic === this.topics.batchAck) this.onAck(payload);
      else if (topic === this.topics.command) this.onCommand(client, payload);
    });
  }

  /** Closes the socket without a DISCONNECT packet and forgets the client. */
  /**
   * After a lost connection or a failed attempt: try again after a wait that grows with the failures and is
   * spread at random. A refused gateway keeps asking, as a real one does: an unbound one gets in once a plant
   * binds it.
   */
  private scheduleReconnect(client: MqttClient): void {
    if (this.reconnectTimer || this.held || this.stopped) return;
    const wait = reconnectDelay(this.failedAttempts++, this.options.reconnectMs ?? 2000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.client === client && !this.held && !this.stopped) client.reconnect();
    }, wait);
  }

  private drop(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    if (client) client.end(true);
  }

  private publishStatus(): void {
    const status: GatewayStatus = {
      state: 'online',
      ts: this.clock(),
      firmware: this.firmware,
      model: this.options.model ?? SIM_GATEWAY_MODEL,
      rssi: -67,
      interval: Math.min(3600, Math.max(10, this.intervalSec)),
    };
    this.client?.publish(this.topics.status, JSON.stringify(status), { qos: 1, retain: true });
  }

  private pump(): void {
    const client = this.client;
    if (!client || !this.connected) return;
    for (let entry = this.outbox.nextToSend(this.window); entry; entry = this.outbox.nextToSend(this.window)) {
      const sending = entry;
      if (sending.attempts > 0) this.counts.replayed++;
      this.outbox.markSent(sending, this.clock());
      this.counts.published++;
      const topic = sending.kind === 'telemetry' ? this.topics.telemetry : this.topics.event;
      client.publish(topic, sending.payload, { qos: 1 }, (error) => {
        // Not handed to the broker: it goes again with the next pump (or after the reconnect).
        if (error && this.client === client && this.connected) {
          this.outbox.markUnsent(sending);
          setTimeout(() => this.pump(), 500).unref();
        }
      });
    }
  }

  private flushResults(): void {
    const client = this.client;
    if (!client || !this.connected) return;
    for (const entry of this.results.takeUnsent()) {
      client.publish(this.topics.commandResult, JSON.stringify(entry.result), { qos: 1 }, (error) => {
        if (!error) this.results.delivered(entry);
        // Not taken: again on this connection shortly, or with the next one (connect requeues everything).
        else if (this.client === client && this.connected) {
          this.results.unsent(entry);
          setTimeout(() => this.flushResults(), 500).unref();
        }
      });
    }
  }

  /** The gateway's upgrades; their answers go out through the result queue. */
  private upgrades(): UpgradeRunner {
    if (!this.upgrader) {
      const target = this.options.target ?? NO_TARGET;
      this.upgrader = new UpgradeRunner(
        {
          now: this.clock,
          subject: (sn) => this.upgradeSubject(sn, target),
          installed: (sn, version) => {
            if (sn === this.sn && !target.hasDevice(sn)) this.rebootInto(version);
            else target.installed?.(sn, version);
          },
          publish: (result) => this.publishResult(result),
          log: (level, message) => this.log(level, `${this.sn}: ${message}`),
        },
        { ...this.options.upgrade, manifestKey: this.options.manifestKey },
      );
    }
    return this.upgrader;
  }

  private upgradeSubject(sn: string, target: CommandTarget): UpgradeSubject | undefined {
    // A device that connects on its own (a smart AC switch) is both: it answers as the device.
    if (target.hasDevice(sn)) return target.upgradeSubject?.(sn);
    if (sn !== this.sn) return undefined;
    return { sn, kind: 'gateway', model: this.options.model ?? SIM_GATEWAY_MODEL, firmware: this.firmware };
  }

  /**
   * After its own upgrade the gateway reboots into the new firmware: once its answers are out (a real one
   * keeps them in flash; waiting spares the console a repeat), the connection goes as a reboot takes it and
   * comes back a moment later with a status naming the new version. Whatever the broker had not taken by
   * then goes out on the new connection.
   */
  private rebootInto(version: string): void {
    this.firmware = version;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5000).unref());
    void Promise.race([this.results.drained(), timeout]).then(() => {
      if (this.held || this.stopped) return;
      this.drop();
      setTimeout(() => this.start(), 1000).unref();
    });
  }

  private onAck(payload: Buffer): void {
    const parsed = batchAckSchema.safeParse(parseJson(payload));
    if (!parsed.success) {
      this.log('warn', `${this.sn}: unreadable ack ${payload.toString().slice(0, 120)}`);
      return;
    }
    const { id, status, reason } = parsed.data;
    const entry = this.outbox.settle(id, status);
    if (entry) {
      if (status === 'committed') {
        this.counts.committed++;
        if (entry.kind === 'telemetry') this.counts.samplesCommitted += entry.samples;
        // In the gateway's own log only: the simulator's console would drown in them.
        this.journal.add(this.clock(), 'info', `${entry.kind} ${id} acknowledged (${entry.samples} samples)`);
      } else {
        this.counts.rejected++;
        this.log('warn', `${this.sn}: ${entry.kind} ${id} rejected${reason ? `: ${reason}` : ''}; dropped`);
      }
    }
    if (this.outbox.backfillPending < this.window) for (const wake of this.roomWaiters.splice(0)) wake();
    this.pump();
  }

  private onCommand(client: MqttClient, payload: Buffer): void {
    this.counts.commands++;
    const json = parseJson(payload);
    const parsed = commandSchema.safeParse(json);
    let result: CommandResult;
    let restart = false;
    let moveTo: string | undefined;
    if (!parsed.success) {
      const cmdId =
        typeof json === 'object' && json && 'cmdId' in json && typeof json.cmdId === 'string' ? json.cmdId : '';
      if (!cmdId) {
        this.log('warn', `${this.sn}: unreadable command ${payload.toString().slice(0, 120)}`);
        return;
      }
      result = { cmdId, status: 'failed', error: 'unsupported or malformed command' };
    } else if (isUpgradeCommand(parsed.data)) {
      // Answered over time, step by step, by the runner.
      this.log('info', `${this.sn}: command ${parsed.data.type} ${parsed.data.cmdId}`);
      this.upgrades().handle(parsed.data);
      return;
    } else if (parsed.data.type === 'sunspecScan') {
      // Answered once the scan over Modbus is done, kept until the broker has it (a reconnect loses none).
      const cmd = parsed.data;
      void runSunspecScan(cmd, this.options.target ?? NO_TARGET, this.clock()).then((answer) => {
        this.log('info', `${this.sn}: command ${cmd.type} ${answer.status}${answer.error ? ` (${answer.error})` : ''}`);
        this.publishResult(answer);
      });
      return;
    } else {
      const control: GatewayControl = {
        sn: this.sn,
        firmware: this.firmware,
        intervalSec: this.intervalSec,
        setIntervalSec: (seconds) => this.setIntervalSec(seconds),
        restartSoon: () => (restart = true),
        moveSoon: (url) => (moveTo = url),
        recentLog: (limit) => this.journal.recent(limit),
        keepProtocol: (update) =>
          this.protocols.set(`${update.protocol.toLowerCase()}/${update.config.toLowerCase()}`, update),
      };
      result = runCommand(parsed.data, control, this.options.target ?? NO_TARGET, this.clock());
      this.log(
        'info',
        `${this.sn}: command ${parsed.data.type} ${result.status}${result.error ? ` (${result.error})` : ''}`,
      );
    }
    client.publish(this.topics.commandResult, JSON.stringify(result), { qos: 1 }, () => {
      if (moveTo && this.client === client) {
        // Another region's broker from now on; what is not acknowledged yet is sent there.
        this.url = moveTo;
        this.drop();
        this.start();
        return;
      }
      if (!restart || this.client !== client) return;
      // A restart: the connection goes as a reboot takes it, and comes back a moment later.
      this.drop();
      setTimeout(() => this.start(), 1000).unref();
    });
  }
}

function isUpgradeCommand(cmd: GatewayCommand): boolean {
  return cmd.type === 'upgrade' || cmd.type === 'cancelUpgrade';
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
