import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ConfigError, MISSING_BROKER_SECRET, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { accessHooks, errorRendering, requireRouteDeclarations } from './http/hooks.js';
import { refuseNulBytes } from './http/nul-bytes.js';
import { securityHeaders } from './http/security-headers.js';
import { serveWeb } from './http/web.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { CaptchaService } from './modules/auth/captcha.js';
import { RsaKeyStore } from './modules/auth/keys.js';
import { authRoutes } from './modules/auth/routes.js';
import { getOrCreateSecret } from './modules/auth/secrets.js';
import { AuthService } from './modules/auth/service.js';
import { TokenService } from './modules/auth/tokens.js';
import { VerificationService } from './modules/auth/verification.js';
import { mfaRoutes } from './modules/mfa/routes.js';
import { PasskeyService } from './modules/mfa/passkeys.js';
import { MfaService } from './modules/mfa/service.js';
import { scanLoginRoutes } from './modules/scan-login/routes.js';
import { ScanLoginService } from './modules/scan-login/service.js';
import { FullTelemetry } from './modules/comm-log/full-telemetry.js';
import { CommLog } from './modules/comm-log/recorder.js';
import { commLogRoutes } from './modules/comm-log/routes.js';
import { debugLogRoutes } from './modules/debug-log/routes.js';
import { gatewayLogRoutes } from './modules/gateway-log/routes.js';
import { plantSettingRoutes } from './modules/plant-settings/routes.js';
import { createEmbeddedBus, createExternalBus, type MessageBus } from './modules/mqtt/bus.js';
import { GatewayAuth } from './modules/mqtt/gateway-auth.js';
import { mqttAuthRoutes } from './modules/mqtt/routes.js';
import { RateLimiter } from './modules/rate-limit/limiter.js';
import { Ingest } from './modules/ingest/dispatcher.js';
import { GatewayRegistry } from './modules/telemetry/registry.js';
import { TelemetryWriter } from './modules/telemetry/writer.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { DeviceService } from './modules/devices/service.js';
import { liveRoutes } from './modules/live/routes.js';
import { displayRoutes } from './modules/displays/routes.js';
import { authenticateLink } from './modules/displays/links.js';
import { commandRoutes } from './modules/commands/routes.js';
import { gatewayRoutes } from './modules/gateways/routes.js';
import { acSwitchRoutes } from './modules/ac-switches/routes.js';
import { loraRoutes } from './modules/lora/routes.js';
import { layoutRoutes } from './modules/layouts/routes.js';
import { CommandService } from './modules/commands/service.js';
import { configTemplateRoutes } from './modules/config-templates/routes.js';
import { customerRoutes } from './modules/customers/routes.js';
import { inverterRoutes } from './modules/inverters/routes.js';
import { plantMapRoutes } from './modules/plants/map-routes.js';
import { plantRoutes } from './modules/plants/routes.js';
import { plantAdminRoutes } from './modules/plant-admin/routes.js';
import { PlantService } from './modules/plants/service.js';
import { SummaryKeeper } from './modules/plants/summary-keeper.js';
import { LoopMonitor, metricsRoutes } from './modules/health/metrics.js';
import { healthRoutes } from './modules/health/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { loadVapidKeys, webPushTransport, type PushTransport } from './modules/notifications/push.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { DEFAULT_REPORT_INTERVAL_MS, ReportWorker } from './modules/reports/worker.js';
import { DEFAULT_PLAN_INTERVAL_MS, Planner } from './modules/smart/planner/planner.js';
import { smartRoutes } from './modules/smart/routes.js';
import { DEFAULT_PRICE_FETCH_INTERVAL_MS, PriceFetcher, type Fetch } from './modules/smart/prices/fetcher.js';
import { renderPdf } from './pdf/render.js';
import { loggingSms, type SmsSender } from './modules/notifications/sms.js';
import { DEFAULT_NOTIFY_INTERVAL_MS, NotificationWorker } from './modules/notifications/worker.js';
import type { LightActuator, PriceSource } from './modules/smart-rules/actions.js';
import { buyPriceAt } from './modules/smart/prices/price-at.js';
import { DEFAULT_RULE_INTERVAL_MS, RuleEngine } from './modules/smart-rules/engine.js';
import { smartRuleRoutes } from './modules/smart-rules/routes.js';
import { LIVE_TOPIC_PREFIX } from './modules/mqtt/topics.js';
import { liveMessageRoutes } from './modules/messages/live.js';
import { bulletinRoutes } from './modules/bulletins/routes.js';
import { maintenanceRoutes } from './modules/bulletins/maintenance-routes.js';
import { syncBuiltinRoles } from './modules/permissions/builtin-roles.js';
import { permissionRoutes } from './modules/permissions/routes.js';
import { CallerCache } from './modules/users/caller-cache.js';
import { loadAuthContext } from './modules/users/repository.js';
import { userRoutes } from './modules/users/routes.js';
import { Migrator } from './modules/migration/job.js';
import { internalMigrationRoutes, migrationRoutes } from './modules/migration/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { batteryRoutes } from './modules/batteries/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { meterRoutes } from './modules/meters/routes.js';
import { weatherRoutes } from './modules/weather/routes.js';
import { weatherAccountRoutes } from './modules/weather/account-routes.js';
import { WeatherAccounts, weatherProviders } from './modules/weather/accounts.js';
import { lightRoutes } from './modules/lights/routes.js';
import { LightService } from './modules/lights/service.js';
import { cameraRoutes } from './modules/cameras/routes.js';
import { CameraService } from './modules/cameras/service.js';
import { StorageSpaceService } from './modules/cameras/spaces.js';
import { lightProviders } from './modules/lights/providers.js';
import { SecretBox } from './modules/auth/secret-box.js';
import { AnswerCache } from './http/answer-cache.js';
import { Foreground, shareForeground } from './http/foreground.js';
import { agentRoutes } from './modules/agents/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { FileStore } from './modules/files/store.js';
import { ObjectStoreError, S3ObjectStore } from './modules/files/object-store.js';
import { firmwareRoutes } from './modules/firmware/routes.js';
import { DEFAULT_PROTOCOL_PUSH_INTERVAL_MS, ProtocolPusher } from './modules/protocols/push.js';
import { protocolRoutes } from './modules/protocols/routes.js';
import { DEFAULT_UPGRADE_INTERVAL_MS, UpgradeDispatcher } from './modules/upgrades/dispatcher.js';
import { ManifestKey } from './modules/upgrades/manifest-key.js';
import { upgradeRecordRoutes } from './modules/upgrades/records-routes.js';
import { handleUpgradeResult, isUpgradeAnswer } from './modules/upgrades/results.js';
import { upgradeRoutes } from './modules/upgrades/routes.js';
import { versionRoutes } from './modules/versions/routes.js';
import { deviceProfileRoutes } from './modules/device-profiles/routes.js';
import { UpgradeService } from './modules/upgrades/service.js';
import { streamRoutes } from './modules/cameras/stream-routes.js';
import { startVideo, type VideoOptions } from './modules/cameras/stream/video.js';

// A transaction of the embedded database holds it (and, being on the main thread, the event loop) while it
// runs: small ones let the console's queries in between (issue 11).
const EMBEDDED_SAMPLES_PER_FLUSH = 500;

export interface AppOptions {
  config: Config;
  /** Replaces the SMTP/outbox mailer (tests read the codes from here). */
  mailer?: Mailer;
  /** Fastify logging; off in tests. */
  logger?: boolean;
  /** Chooses picture-code texts (tests); random otherwise. */
  captchaText?: () => string;
  /** Use this database instead of opening one from the config (tests share a prepared one). */
  database?: Database;
  /** The clock of the rate limits, two-step verification codes and scan codes (tests move it); Date.now otherwise. */
  now?: () => number;
  /** How often a display's live totals are sent (5 s; tests shorten it). */
  displayTickMs?: number;
  /**
   * false: no periodic sweep of the plant summaries (tests that write source rows directly would otherwise
   * race it); ingest still refreshes what it commits.
   */
  sweepSummaries?: boolean;
  /**
   * How often the upgrade dispatcher looks for work on its own (ms); 0: only when kicked (a start, a gateway
   * online, an answer) or ticked by a test. Default DEFAULT_UPGRADE_INTERVAL_MS.
   */
  upgradeIntervalMs?: number;
  /** How often the protocol pusher looks for updates to send (0: never by itself; tests drive its tick). */
  protocolPushIntervalMs?: number;
  /** How often removed files' objects are deleted from the S3-compatible store (ms); 0: only when a test sweeps. */
  fileSweepIntervalMs?: number;
  /**
   * The communication log's flush and cleanup intervals (ms; defaults 1 s and 10 minutes); 0: only when a test
   * calls `commLog.flush()` or `commLog.cleanup()`.
   */
  commLog?: { flushMs?: number; cleanupMs?: number };
  /** Between reads of the gateways whose telemetry is logged in full (default 30 s); 0: only at start (tests). */
  fullTelemetry?: { refreshMs?: number };
  /** How often alarm notifications are looked for (ms, default DEFAULT_NOTIFY_INTERVAL_MS); 0: when a test ticks. */
  notifyIntervalMs?: number;
  /** How often report exports and scheduled mails are looked for (ms); 0: when a test ticks. */
  reportIntervalMs?: number;
  /** How often due battery plans are looked for (ms, default DEFAULT_PLAN_INTERVAL_MS); 0: when a test ticks. */
  planIntervalMs?: number;
  /** How often market prices are fetched (ms, default hourly); 0: when a test ticks. */
  priceFetchIntervalMs?: number;
  /** The HTTP client of the price fetcher (tests answer with recorded provider answers). */
  priceFetch?: Fetch;
  /** The SMS provider of a deployment (docs/notifications.md); the server's log otherwise. */
  sms?: SmsSender;
  /** Replaces web push through the browsers' push services (tests record what would be pushed). */
  push?: PushTransport;
  /** How often smart rules are evaluated (ms, default DEFAULT_RULE_INTERVAL_MS); 0: no timer, no kicks (tests). */
  ruleIntervalMs?: number;
  /** The plants' buy prices for smart rules (issue 17); none known until the price part is wired. */
  prices?: PriceSource;
  /** Sets lights for smart rules (issue 17); the application centre's LightService otherwise.  */
  lights?: LightActuator;
  /** Cameras' ffmpeg spawner and recorder timers (issue 18; tests count processes and drive the recorder). */
  video?: VideoOptions;
}

export interface HeliographApp {
  app: FastifyInstance;
  database: Database;
  bus: MessageBus;
  ingest: Ingest;
  commands: CommandService;
  /** Sends upgrades (tests drive its `tick`). */
  upgrades: UpgradeDispatcher;
  /** Sends protocol updates to the gateways using a changed config (tests drive its `tick`). */
  protocolPush: ProtocolPusher;
  /** The platform key that signs upgrade manifests (its public half is what gateways trust). */
  manifestKey: ManifestKey;
  /** Where files' bytes live (the database, or the configured S3-compatible store). */
  files: FileStore;
  /** The communication log's recorder (tests flush it and run its cleanup). */
  commLog: CommLog;
  /** Delivers alarm notifications (tests drive its `tick`). */
  notifications: NotificationWorker;
  /** Report exports and scheduled report mails (tests drive its `tick`). */
  reports: ReportWorker;
  /** The optimiser's plan loop (tests drive its `tick`). */
  planner: Planner;
  /** Day-ahead market prices (tests drive its `tick`). */
  priceFetcher: PriceFetcher;
  /** The smart rules' engine (tests drive its `tick`). */
  rules: RuleEngine;
  /** Live streams, recordings and retention (issue 18). */
  video: Awaited<ReturnType<typeof startVideo>>;
  /** Marks the instance as draining: /readyz answers 503 so a load balancer stops sending work. */
  drain(): void;
}

/** The one app factory used by `npm start`, the tests and the benchmarks. */
export async function buildApp(opts: AppOptions): Promise<HeliographApp> {
  const { config } = opts;
  // The broker-auth endpoints answer whether a gateway password is right: without a secret the broker
  // proves itself with, they would answer anyone. Refused before anything starts.
  if (config.mqttUrl && !config.mqttAuthSecret) throw new ConfigError([MISSING_BROKER_SECRET]);
  const files = await openFileStore(config);
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // While closing, a request arriving on an open keep-alive connection is still answered (with
    // `connection: close`): the database closes only after the last of them (lifecycle/shutdown.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
      poolSize: config.ingestLanes + 8,
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection was closed by the server'),
      slowMs: config.slowStatementMs,
      onSlowStatement: (slow) =>
        app.log.warn(slow, `the embedded database was busy for ${slow.ms} ms with one statement`),
    }));
  const { db } = database;
  const roleIds = await syncBuiltinRoles(db);
  const keys = new RsaKeyStore(db);
  await keys.currentKey();
  // Verified callers, so a busy session costs no database round trip per request; told of every ended
  // session and changed user, here and (once attached to the bus below) on every instance.
  const callers = new CallerCache();
  const tokens = new TokenService(
    db,
    new Uint8Array(await getOrCreateSecret(db, 'jwt-hs256')),
    config.accessTokenTtlSeconds,
    config.refreshTokenTtlSeconds,
    callers,
  );
  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const captcha = new CaptchaService(db, opts.captchaText);
  const verification = new VerificationService(db, mailer);
  const limiter = new RateLimiter(db, config.rateLimits, opts.now);
  const clock = opts.now ?? Date.now;
  const mfa = new MfaService({ db, tokens, keys, limiter, callers, now: clock });
  const passkeys = new PasskeyService({ db, callers, now: clock });
  const auth = new AuthService(db, {
    secondFactor: mfa,
    keys,
    tokens,
    captcha,
    verification,
    limiter,
    selfSignupRoleId: roleIds.plant_owner,
    regions: config.migration?.peers ?? {},
  });

  const gatewayAuth = new GatewayAuth(db, limiter);
  const foreground = new Foreground();
  // The main thread's event-loop delay and utilisation, for GET /metrics (METRICS_TOKEN).
  const loop = new LoopMonitor();
  loop.start();
  // The communication log sees every gateway message from here: the bus everybody else uses records what
  // is published to gateways, and what gateways send is recorded as the bus hands it over.
  const fullTelemetry = new FullTelemetry({ db, now: clock, log: app.log, ...opts.fullTelemetry });
  const commLog = new CommLog({
    db,
    log: app.log,
    now: clock,
    retentionDays: config.commLogDays,
    turn: () => foreground.turn(),
    slice: () => foreground.slice(),
    transaction: () => foreground.transaction(),
    keepsTelemetry: (sn) => fullTelemetry.keeps(sn),
    ...opts.commLog,
  });
  const instanceId = randomUUID().slice(0, 8);
  const rawBus = config.mqttUrl
    ? await createExternalBus({
        url: config.mqttUrl,
        instanceId,
        shareGroup: config.mqttShareGroup,
        log: app.log,
      })
    : await createEmbeddedBus({
        port: config.mqttPort,
        // A gateway's sign-in has a deadline (its CONNACK timeout): it goes ahead of the backfill too.
        auth: { authenticate: (...a) => foreground.during(() => gatewayAuth.authenticate(...a)) },
        log: app.log,
      });
  const bus = commLog.wrap(rawBus);
  commLog.start();
  fullTelemetry.start();
  await callers.attach(bus, app.log);
  // Instances on one database split the busy limit on ingest transactions between those in use.
  if (config.mqttUrl) await shareForeground(foreground, rawBus, instanceId, app.log);
  const registry = new GatewayRegistry(db);
  const commands = new CommandService({ db, bus, log: app.log, timeoutMs: config.commandTimeoutMs });
  // Remote upgrades (issue 13): every instance runs the dispatcher; the database decides who sends what.
  const manifestKey = await ManifestKey.load(db);
  const upgradeDispatcher = new UpgradeDispatcher({
    db,
    bus,
    log: app.log,
    key: manifestKey,
    now: clock,
    publicUrl: config.publicUrl,
    intervalMs: opts.upgradeIntervalMs ?? DEFAULT_UPGRADE_INTERVAL_MS,
  });
  // Protocol updates (issue 14 item 5): like upgrades, every instance runs the pusher; the claim decides.
  const protocolPush = new ProtocolPusher({
    db,
    bus,
    log: app.log,
    now: clock,
    intervalMs: opts.protocolPushIntervalMs ?? DEFAULT_PROTOCOL_PUSH_INTERVAL_MS,
  });
  // The application centre (issue 17 point 6): provider tokens and station keys are sealed at rest.
  const secretBox = new SecretBox(db);
  const lights = new LightService({ db, now: clock, box: secretBox, providers: lightProviders() });
  const weatherAccounts = new WeatherAccounts({ db, now: clock, box: secretBox, providers: weatherProviders() });
  // Cameras (issue 18): passwords and bucket secrets sealed like the application centre's.
  const cameras = new CameraService({ db, box: secretBox, now: clock, ffprobePath: config.ffprobePath, log: app.log });
  const storageSpaces = new StorageSpaceService({ db, box: secretBox });
  const upgrades = new UpgradeService({ db, bus, log: app.log, now: clock, dispatcher: upgradeDispatcher });
  const upgradeAnswers = { db, log: app.log, now: clock, finished: () => upgradeDispatcher.kickSoon() };
  // The plant list's per-plant figures, refreshed from what ingest commits (and swept for the rest).
  const summaries = new SummaryKeeper({
    db,
    log: app.log,
    sliceSize: database.kind === 'postgres' ? 500 : 100,
    // Not through Foreground.transaction: a summary kept waiting expires, and the list then computes the
    // status of every such plant on read (one run at 10,000 plants on two instances with it: steady-state list
    // p50 56 → 103 ms, search 106 → 152 ms).
    turn: () => foreground.turn(),
  });
  if (opts.sweepSummaries !== false) summaries.start();
  const ingest = new Ingest({
    summaries,
    commands,
    upgrades: { owns: isUpgradeAnswer, handleResult: (sn, json) => handleUpgradeResult(upgradeAnswers, sn, json) },
    protocolPush,
    gatewayOnline: () => {
      upgradeDispatcher.kickSoon();
      protocolPush.kickSoon();
    },
    db,
    bus,
    registry,
    writer: new TelemetryWriter(db),
    log: app.log,
    lanes: database.kind === 'postgres' ? config.ingestLanes : 1,
    maxSamplesPerFlush: database.kind === 'postgres' ? undefined : EMBEDDED_SAMPLES_PER_FLUSH,
    turn: () => foreground.turn(),
    slice: () => foreground.slice(),
    transaction: () => foreground.transaction(),
  });
  ingest.start();
  upgradeDispatcher.start();
  protocolPush.start();

  // Alarm notifications (issue 15): every instance runs the worker; leases in the database decide who sends what.
  const vapid = await loadVapidKeys(db);
  const vapidSubject = config.publicUrl.startsWith('https:')
    ? config.publicUrl
    : `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`;
  const notifications = new NotificationWorker({
    db,
    bus,
    log: app.log,
    mailer,
    push: opts.push ?? webPushTransport(vapid, vapidSubject),
    sms: opts.sms ?? loggingSms(app.log),
    now: clock,
    intervalMs: opts.notifyIntervalMs ?? DEFAULT_NOTIFY_INTERVAL_MS,
    turn: () => foreground.turn(),
  });
  notifications.start();

  // Plant reports (issue 16): exports and scheduled mails, once across instances by leases in the database.
  const reports = new ReportWorker({
    db,
    bus,
    files,
    mailer,
    log: app.log,
    now: clock,
    publicUrl: config.publicUrl,
    intervalMs: opts.reportIntervalMs ?? DEFAULT_REPORT_INTERVAL_MS,
    turn: () => foreground.turn(),
    renderPdf,
  });
  reports.start();

  // The optimiser's plans (issue 17): every 15 minutes per plant with automation on, once across instances.
  const planner = new Planner({
    db,
    commands,
    log: app.log,
    now: clock,
    intervalMs: opts.planIntervalMs ?? DEFAULT_PLAN_INTERVAL_MS,
    turn: () => foreground.turn(),
  });
  planner.start();
  const priceFetcher = new PriceFetcher({
    db,
    log: app.log,
    now: clock,
    intervalMs: opts.priceFetchIntervalMs ?? DEFAULT_PRICE_FETCH_INTERVAL_MS,
    ...(opts.priceFetch ? { fetch: opts.priceFetch } : {}),
  });
  priceFetcher.start();
  // Smart rules (issue 17 point 5): every instance evaluates; each occurrence is claimed once in the database.
  const ruleIntervalMs = opts.ruleIntervalMs ?? DEFAULT_RULE_INTERVAL_MS;
  const rules = new RuleEngine({
    db,
    commands,
    bus,
    log: app.log,
    now: clock,
    intervalMs: ruleIntervalMs,
    // The plant's own prices (modules/smart/prices): a price trigger compares the slot's buy price.
    prices: opts.prices ?? { buyAt: (plantId, atMs) => buyPriceAt(db, plantId, atMs) },
    // The application centre's bulbs: the same LightService as its pages (the simulated bulbs live in it).
    lights: opts.lights ?? { setLight: (caller, lightId, value) => lights.setLight(caller, lightId, value) },
  });
  if (ruleIntervalMs > 0) {
    rules.start();
    // Readings and events committed anywhere: a round a moment later (threshold and event triggers).
    await bus.subscribeAll(`${LIVE_TOPIC_PREFIX}+`, () => rules.kickSoon());
  }

  // Account migration between regions: a background job on every instance, each migration run by one.
  const migrator = config.migration
    ? new Migrator({
        db,
        config: config.migration,
        tokens,
        log: app.log,
        now: clock,
        publish: (topic, payload) => bus.publish(topic, payload),
      })
    : undefined;
  migrator?.start();

  // Cameras (issue 18): ffmpeg per watched or recording channel, segments into storage spaces, retention.
  const video = await startVideo({ config, db, box: secretBox, now: clock, log: app.log, opts: opts.video });

  let draining = false;
  // First, so every answer carries them, refusals of the access hooks included.
  await app.register(securityHeaders, { config });
  requireRouteDeclarations(app);
  foreground.track(app);
  accessHooks(app, {
    authenticate: async (token) => {
      const claims = await callers.claims(token, (t) => tokens.verifyAccess(t));
      return (await callers.caller(claims, () => loadAuthContext(db, claims.userId, claims.sessionId))) ?? null;
    },
    authenticateLink: (token) => authenticateLink(db, token),
  });
  new AnswerCache(config.answerCacheMs, opts.now).register(app);
  errorRendering(app);
  refuseNulBytes(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Heliograph API',
        version: '1',
        description: 'Every response is { code, data, msg }; see docs/api-auth.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes({ database, isDraining: () => draining }));
  await app.register(
    metricsRoutes({
      token: config.metricsToken,
      loop,
      sources: {
        ingestHeldBytes: () => ingest.held,
        samplesCommitted: () => ingest.samplesCommitted,
        requestsInFlight: () => foreground.busy,
        commLogQueued: () => commLog.queued,
        commLogDropped: () => commLog.dropped,
      },
    }),
  );
  await app.register(
    async (api) => {
      await api.register(authRoutes({ auth, keys, tokens, captcha }));
      await api.register(userRoutes({ db, auth, callers, tokens, files }));
      await api.register(migrationRoutes({ db, config: config.migration, migrator, now: clock }));
      // Server to server between regions; only when REGION, REGIONS and REGION_SECRET are set.
      if (config.migration) {
        await api.register(internalMigrationRoutes({ db, config: config.migration, now: clock }));
      }
      await api.register(mfaRoutes({ mfa, passkeys }));
      await api.register(scanLoginRoutes({ scan: new ScanLoginService(db, tokens, limiter, clock) }));
      await api.register(roleRoutes({ db, callers }));
      await api.register(staffRoutes({ db, auth, tokens, callers }));
      await api.register(permissionRoutes);
      await api.register(messageRoutes({ db, bus, now: clock, region: config.migration?.region ?? '' }));
      await api.register(liveMessageRoutes({ bus }));
      await api.register(bulletinRoutes({ db, bus, now: clock }));
      await api.register(maintenanceRoutes({ db, bus }));
      await api.register(plantRoutes(new PlantService(db)));
      await api.register(plantAdminRoutes({ db, keys, registry, bus, planner }));
      await api.register(smartRoutes({ db, now: clock }));
      await api.register(plantMapRoutes({ plants: new PlantService(db), config }));
      await api.register(deviceRoutes({ db, devices: new DeviceService(db) }));
      // Only an external broker asks over HTTP; with the embedded one these routes do not exist.
      if (config.mqttUrl && config.mqttAuthSecret) {
        await api.register(
          mqttAuthRoutes({
            auth: gatewayAuth,
            secret: config.mqttAuthSecret,
            serverUser: new URL(config.mqttUrl).username || undefined,
          }),
        );
      }
      await api.register(liveRoutes({ bus, plants: new PlantService(db) }));
      await api.register(commandRoutes({ db, commands }));
      await api.register(gatewayRoutes({ db, commands, bus }));
      await api.register(acSwitchRoutes({ db, commands }));
      await api.register(loraRoutes({ db, now: clock }));
      await api.register(lightRoutes({ lights }));
      await api.register(cameraRoutes({ cameras, spaces: storageSpaces }));
      await api.register(inverterRoutes({ db, commands }));
      await api.register(configTemplateRoutes({ db, commands }));
      await api.register(customerRoutes({ db, auth, callers }));
      await api.register(batteryRoutes({ db }));
      await api.register(meterRoutes({ db }));
      await api.register(weatherRoutes({ db }));
      await api.register(weatherAccountRoutes({ accounts: weatherAccounts }));
      await api.register(eventRoutes({ db }));
      await api.register(layoutRoutes({ db }));
      await api.register(companyRoutes({ db, auth, callers, files }));
      await api.register(agentRoutes({ db, callers }));
      await api.register(auditRoutes({ db }));
      await api.register(firmwareRoutes({ db, files }));
      await api.register(
        upgradeRoutes({ db, upgrades, dispatcher: upgradeDispatcher, key: manifestKey, files, now: clock }),
      );
      await api.register(protocolRoutes({ db, now: clock, commands, pusher: protocolPush }));
      await api.register(upgradeRecordRoutes({ db }));
      await api.register(versionRoutes({ db, now: clock }));
      await api.register(deviceProfileRoutes({ db, files, now: clock }));
      await api.register(commLogRoutes({ db, fullTelemetry }));
      await api.register(debugLogRoutes({ db }));
      await api.register(gatewayLogRoutes({ db, commands, now: clock }));
      await api.register(plantSettingRoutes({ db, commands }));
      await api.register(notificationRoutes({ db, now: clock, vapidPublicKey: vapid.publicKey }));
      await api.register(reportRoutes({ db, files, now: clock, kick: () => void reports.kick() }));
      await api.register(displayRoutes({ db, files, now: clock, tickMs: opts.displayTickMs }));
      await api.register(
        smartRuleRoutes({ db, now: clock, changed: ruleIntervalMs > 0 ? () => rules.kickSoon() : undefined }),
      );
      await api.register(
        streamRoutes({ db, supervisor: video.supervisor, stores: video.stores, ffmpeg: video.ffmpeg, now: clock }),
      );
    },
    { prefix: '/api/v1' },
  );

  await serveWeb(app, config.webDist);

  // Removed files' objects leave the S3-compatible store in the background (files/store.ts says why not at once).
  const sweepEvery = opts.fileSweepIntervalMs ?? 60_000;
  const fileSweeper =
    files.objects && sweepEvery > 0
      ? setInterval(() => {
          files.sweep(db).catch((err: unknown) => app.log.warn({ err }, 'removed files could not be swept'));
        }, sweepEvery).unref()
      : undefined;

  app.addHook('onClose', async () => {
    // Everything received is committed and acknowledged before the database goes.
    await ingest.stop();
    clearInterval(fileSweeper);
    await upgradeDispatcher.stop();
    await protocolPush.stop();
    await notifications.stop();
    await reports.stop();
    await planner.stop();
    await priceFetcher.stop();
    await rules.stop();
    await summaries.stop();
    await migrator?.stop();
    // No ffmpeg is left behind: every stream is stopped (SIGTERM, then SIGKILL) and its folder removed.
    await video.stop();
    // After ingest and the senders: their last messages (acknowledgements, commands) are in the log too.
    fullTelemetry.stop();
    loop.stop();
    await commLog.stop();
    await bus.close();
    // The embedded broker's gateways dropped as it closed: each is written offline before the database goes.
    await ingest.presenceWritten();
    if (!opts.database) await database.close();
  });

  return {
    app,
    database,
    bus,
    ingest,
    commands,
    upgrades: upgradeDispatcher,
    protocolPush,
    manifestKey,
    files,
    commLog,
    notifications,
    reports,
    planner,
    priceFetcher,
    rules,
    video,
    drain: () => {
      draining = true;
      video.supervisor.drain();
    },
  };
}

/**
 * The file store of the configuration: the database, or an S3-compatible store whose bucket is checked now,
 * so a wrong endpoint, bucket or key ends the start in one line rather than failing the first upload.
 */
async function openFileStore(config: Config): Promise<FileStore> {
  if (!config.objectStore) return new FileStore(null);
  const objects = new S3ObjectStore(config.objectStore);
  try {
    await objects.check();
  } catch (err) {
    if (err instanceof ObjectStoreError) throw new ConfigError([err.message]);
    throw err;
  }
  return new FileStore(objects);
}
