import type { Planner } from '../modules/smart/planner/planner.js';
import type { Fetch, PriceFetcher } from '../modules/smart/prices/fetcher.js';
import type { ProtocolPusher } from '../modules/protocols/push.js';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signNonce, type TokenPair } from '@heliograph/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type HeliographApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { ManifestKey } from '../modules/upgrades/manifest-key.js';
import type { FileStore } from '../modules/files/store.js';
import { openDatabase, type Database } from '../db/client.js';
import { and, eq, isNull } from 'drizzle-orm';
import { appUser, company, role } from '../db/schema.js';
import { afterAll, beforeAll } from 'vitest';
import type { Mail } from '../mail/mailer.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedDemo, type DemoAccount } from '../modules/demo/seed.js';
import type { MessageBus } from '../modules/mqtt/bus.js';
import type { Ingest } from '../modules/ingest/dispatcher.js';
import type { CommandService } from '../modules/commands/service.js';
import type { UpgradeDispatcher } from '../modules/upgrades/dispatcher.js';
import type { CommLog } from '../modules/comm-log/recorder.js';
import type { NotificationWorker } from '../modules/notifications/worker.js';
import type { ReportWorker } from '../modules/reports/worker.js';
import type { PushTransport } from '../modules/notifications/push.js';
import { scratchDatabase } from './scratch-database.js';

export const DEMO_PASSWORD = 'Demo2026pass';

export interface Answer<T = unknown> {
  status: number;
  code: number;
  data: T;
  msg: string;
}

/**
 * A fresh app for one test file: an in-memory PGlite, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL database made for this file and dropped after it. Mails are captured instead of sent.
 */
export class TestApp {
  readonly mails: Mail[] = [];
  /** The next picture codes to draw (tests answer them); random once empty. */
  readonly captchaTexts: string[] = [];
  demo: DemoAccount[] = [];
  app!: FastifyInstance;
  database!: Database;
  bus!: MessageBus;
  ingest!: Ingest;
  commands!: CommandService;
  /** The upgrade dispatcher: its timer is off in tests, which call `tick` (or are kicked by events). */
  upgrades!: UpgradeDispatcher;
  protocolPush!: ProtocolPusher;
  /** Where files' bytes go (the database unless the test set S3_*). */
  files!: FileStore;
  /** The communication log's recorder: its timers are off in tests, which call `flush` and `cleanup`. */
  commLog!: CommLog;
  /** Alarm notifications: its timer is off in tests, which call `tick`. */
  notifications!: NotificationWorker;
  /** Report exports and scheduled mails: its timer is off in tests, which call `tick`. */
  reports!: ReportWorker;
  /** The optimiser's plan loop: its timer is off in tests, which call `tick`. */
  planner!: Planner;
  /** Market prices: fetched when a test ticks, through `priceFetch` (recorded answers). */
  priceFetcher!: PriceFetcher;
  priceFetch: Fetch | undefined;
  /** Web push as a test records it (undefined: the real transport, never reached in tests without subscriptions). */
  push: PushTransport | undefined;
  /** Live streams and recordings (issue 18): tests count its ffmpeg processes and drive its recorder. */
  video!: HeliographApp['video'];
  /** The configuration the app was built with. */
  config!: Config;
  /** The platform key that signs upgrade manifests (simulated gateways trust its public half). */
  manifestKey!: ManifestKey;
  /** Extra environment for loadConfig (MQTT_URL for the scale-out test). */
  env: Record<string, string> = {};
  /** The clock of the rate limits (a test moves it past a window); the real one otherwise. */
  now: (() => number) | undefined;
  private dropDatabase: (() => Promise<void>) | undefined;
  private sharedDatabase: Database | undefined;

  static async start(
    env: Record<string, string> = {},
    database?: Database,
    opts: { now?: () => number; push?: PushTransport } = {},
  ): Promise<TestApp> {
    const t = new TestApp();
    t.env = env;
    t.now = opts.now;
    t.push = opts.push;
    if (database) t.sharedDatabase = database;
    await t.boot();
    return t;
  }

  /**
   * The app of the tests around the call (a file, or a describe block): booted before them and closed after
   * them. Hooks registered after this call run after the boot and, in vitest's stacked order, before the close.
   */
  static forTests(env: Record<string, string> = {}): TestApp {
    const t = new TestApp();
    t.env = env;
    beforeAll(() => t.boot());
    afterAll(() => t.close());
    return t;
  }

  private async boot(): Promise<void> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-test-'));
    const config = {
      // The answer cache is off unless a test is about it: tests change rows behind the API's back.
      ...loadConfig({ DATA_DIR: dataDir, MQTT_PORT: '0', SIMULATE: 'false', ANSWER_CACHE_MS: '0', ...this.env }),
      webDist: path.join(dataDir, 'no-web'),
    };
    const url = process.env.TEST_DATABASE_URL;
    if (this.sharedDatabase) {
      this.database = this.sharedDatabase;
    } else if (url) {
      const scratch = await scratchDatabase(url, 'hg_test');
      this.database = await openDatabase({ url: scratch.url });
      this.dropDatabase = scratch.drop;
    } else {
      this.database = await openDatabase({});
    }
    const built = await buildApp({
      config,
      logger: false,
      database: this.database,
      mailer: { send: async (m) => void this.mails.push(m) },
      captchaText: () => this.captchaTexts.shift() ?? randomBytes(3).toString('hex'),
      ...(this.now ? { now: this.now } : {}),
      // Tests write source rows directly; a sweep on the wall clock would race them (summary tests call it).
      sweepSummaries: false,
      // Upgrades go when a test ticks the dispatcher or an event kicks it, never on the wall clock.
      upgradeIntervalMs: 0,
      // Protocol updates likewise: a test ticks the pusher.
      protocolPushIntervalMs: 0,
      // Removed files' objects go when a test sweeps.
      fileSweepIntervalMs: 0,
      // The communication log is stored when a test flushes it and cleaned when a test says.
      commLog: { flushMs: 0, cleanupMs: 0 },
      // Alarm notifications go out when a test ticks the worker.
      notifyIntervalMs: 0,
      // Report exports and scheduled mails likewise.
      reportIntervalMs: 0,
      // Battery plans are made when a test ticks the planner.
      planIntervalMs: 0,
      priceFetchIntervalMs: 0,
      ...(this.priceFetch ? { priceFetch: this.priceFetch } : {}),
      // Smart rules fire when a test ticks an engine.
      ruleIntervalMs: 0,
      ...(this.push ? { push: this.push } : {}),
      // Recordings are picked up and reclaimed when a test says.
      video: { recordIntervalMs: 0 },
    });
    this.app = built.app;
    this.bus = built.bus;
    this.ingest = built.ingest;
    this.commands = built.commands;
    this.upgrades = built.upgrades;
    this.protocolPush = built.protocolPush;
    this.files = built.files;
    this.commLog = built.commLog;
    this.notifications = built.notifications;
    this.reports = built.reports;
    this.planner = built.planner;
    this.priceFetcher = built.priceFetcher;
    this.video = built.video;
    this.config = config;
    this.manifestKey = built.manifestKey;
    await this.app.ready();
    this.demo = (await seedDemo(this.database.db, { dataDir, demoPassword: DEMO_PASSWORD })) ?? [];
  }

  async close(): Promise<void> {
    await this.app.close();
    if (this.sharedDatabase) return;
    await this.database.close();
    await this.dropDatabase?.();
  }

  async call<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const res: LightMyRequestResponse = await this.app.inject({
      method,
      url,
      query: opts.query,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
    });
    const body = res.json() as { code: number; data: T; msg: string };
    return { status: res.statusCode, code: body.code, data: body.data, msg: body.msg };
  }

  /** Does what the browser does: fetch the public key, encrypt with RSA-OAEP SHA-256. */
  async encrypt(password: string): Promise<{ keyId: string; cipher: string }> {
    const nonce = randomBytes(12).toString('hex');
    const key = await this.call<{ keyId: string; publicKey: string }>('GET', '/api/v1/anonymous/publicKey', {
      query: { nonce, source: 'web', sign: signNonce(nonce, 'web') },
    });
    const cipher = publicEncrypt(
      { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password, 'utf8'),
    ).toString('base64');
    return { keyId: key.data.keyId, cipher };
  }

  async login(
    account: string,
    password = DEMO_PASSWORD,
    extra: Record<string, string> = {},
  ): Promise<Answer<TokenPair>> {
    const { keyId, cipher } = await this.encrypt(password);
    return this.call<TokenPair>('POST', '/api/v1/oauth/token/new', {
      body: { account, password: cipher, source: 'web', keyId, ...extra },
    });
  }

  /** An access token for a demo account, or a failure that names the account. */
  async tokenFor(account: string, password = DEMO_PASSWORD): Promise<string> {
    const answer = await this.login(account, password);
    if (answer.code !== 0) throw new Error(`sign-in of ${account} failed: ${answer.code} ${answer.msg}`);
    return answer.data.access_token;
  }

  /**
   * A company administrator of another company ("Rival Solar", made on first use): every route must answer
   * it "does not exist" for Sunrise's plants and devices.
   */
  async otherCompanyToken(): Promise<string> {
    const db = this.database.db;
    const account = 'boss@rival.example';
    const existing = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account));
    if (existing.length === 0) {
      const [other] = await db.insert(company).values({ name: 'Rival Solar' }).returning();
      const [adminRole] = await db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.key, 'company_admin'), isNull(role.companyId)));
      await db.insert(appUser).values({
        account,
        email: account,
        nickname: 'Rival',
        companyId: other?.id ?? null,
        roleId: adminRole?.id ?? '',
        passwordHash: await hashPassword('Rival2026pass'),
      });
    }
    return this.tokenFor(account, 'Rival2026pass');
  }

  /** The code in the newest mail to an address. */
  lastCode(address: string): string {
    const mail = [...this.mails].reverse().find((m) => m.to === address);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${address}`);
    return code;
  }
}

export const ACCOUNTS = {
  platform: 'platform@heliograph.example',
  admin: 'admin@sunrise.example',
  staff: 'staff@sunrise.example',
  installer: 'installer@sunrise.example',
  owner: 'owner@sunrise.example',
  visitor: 'visitor@sunrise.example',
} as const;

/** Who the API tests sign in as: Sunrise's demo accounts, and `rival`, the administrator of Rival Solar. */
export type Signer = Exclude<keyof typeof ACCOUNTS, 'platform'> | 'rival';

/**
 * Access tokens of these accounts, signed in once the app of `TestApp.forTests` is up (call it after that):
 * the object is filled before the tests run, so read it in tests and hooks, never at the top of the file.
 */
export function signInForTests<S extends Signer>(t: TestApp, ...who: S[]): Record<S, string> {
  const tokens = {} as Record<S, string>;
  beforeAll(async () => {
    for (const s of who) {
      const signer: Signer = s;
      tokens[s] = signer === 'rival' ? await t.otherCompanyToken() : await t.tokenFor(ACCOUNTS[signer]);
    }
  });
  return tokens;
}
