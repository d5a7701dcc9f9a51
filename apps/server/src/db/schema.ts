import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A tenant (spec §3 Company). */
export const company = pgTable('company', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  contactName: text('contact_name').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  logo: text('logo'),
  themeColor: text('theme_color').notNull().default('#353340'),
  /** The company's administrator account (spec §3 Company "admin"); null until one is named. */
  adminId: uuid('admin_id'),
  /** Logos of spec §9 (220×58 wide, 58×58 square): stored_file ids. */
  logoWideId: uuid('logo_wide_id'),
  logoSquareId: uuid('logo_square_id'),
  /** A white-label deployment's host name: the sign-in page there shows this company's logo and colour. */
  hostName: text('host_name').unique(),
  createdAt: created(),
});

/** Bytes of a file (avatars, logos, manuals) kept in the database so every instance serves them. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Small files (DESIGN: small files live in the database by default, so N instances share them). `bytes` is
 * null when the content lives in the S3-compatible store (`storage_key`) instead.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    ownerId: uuid('owner_id'),
    /** What it is for: avatar, logo, manual. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes'),
    storageKey: text('storage_key'),
    createdAt: created(),
  },
  (t) => [index('stored_file_owner').on(t.kind, t.ownerId)],
);

/**
 * Roles: the built-in ones (company_id null, `key` one of BUILTIN_ROLES) and, later, a company's own (at most
 * five, spec §6). Permissions are rows of role_permission, so a company role is data, not code.
 */
export const role = pgTable(
  'role',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => company.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    builtin: boolean('builtin').notNull().default(false),
    /**
     * For a company's own role, the built-in role whose tenancy it follows: `company_staff` for the roles of
     * enterprise/roles (at most five per company), `customer` for a customer's own permission list. Null for
     * the built-in roles (their key is their kind).
     */
    base: text('base'),
    remark: text('remark').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('role_company_key').on(
      sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.key,
    ),
  ],
);

export const rolePermission = pgTable(
  'role_permission',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const appUser = pgTable(
  'app_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => company.id),
    roleId: uuid('role_id')
      .notNull()
      .references(() => role.id),
    /** The sign-in name: an e-mail address, stored lower-case (accounts compare without case). */
    account: text('account').notNull().unique(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    phone: text('phone').notNull().default(''),
    sex: text('sex').notNull().default('unknown'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    language: text('language').notNull().default('en'),
    temperatureUnit: text('temperature_unit').notNull().default('C'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** An administrator requires a second factor: the next sign-in enrols one before it gets tokens. */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    /** Set when the account moved to another region (its code): it then signs in only there. */
    migratedTo: text('migrated_to'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_user_company').on(t.companyId)],
);

/** RSA-2048 key pairs for the browser's password encryption; keyId is the row id. */
export const rsaKey = pgTable('rsa_key', {
  id: uuid('id').primaryKey().defaultRandom(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: created(),
});

/** Server-wide secrets made on first start (the JWT signing key), shared by every instance. */
export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: created(),
});

/**
 * A sign-in: the family of refresh tokens that descend from one password login. Revoking it (sign out,
 * or a spent refresh token presented again) ends every token of the family, access tokens included.
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: created(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_session_user').on(t.userId)],
);

export const refreshToken = pgTable(
  'refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('refresh_token_session').on(t.sessionId)],
);

/** Wrong passwords per account name, whether or not the account exists (so the answer cannot tell). */
export const loginFailure = pgTable('login_failure', {
  account: text('account').primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window request counters shared by every instance (modules/rate-limit): one row per (bucket, key),
 * e.g. ('login-fail-ip', '203.0.113.9'); a hit past the window starts a new one in the same upsert.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

/** Picture verification codes. */
export const captcha = pgTable('captcha', {
  id: uuid('id').primaryKey().defaultRandom(),
  account: text('account').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: created(),
});

/** E-mail verification codes for registration and password reset. */
export const verificationCode = pgTable(
  'verification_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    address: text('address').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('verification_code_address').on(t.address, t.createdAt)],
);

/** A user's messages (system notices, device alarms, pushes); the shell shows the unread count. */
export const message = pgTable(
  'message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** MESSAGE_TYPE of packages/shared (notices.ts). */
    type: integer('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** The plant and device it concerns (an alarm), so the notice centre links to them. */
    plantId: uuid('plant_id'),
    deviceSn: text('device_sn'),
    /** Where the message leads (a bulletin's redirect address, a notice's URL). */
    url: text('url'),
    /** What posted it (e.g. `event:<id>:open`): posting the same source to the same user again adds nothing. */
    source: text('source'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('message_user_unread').on(t.userId, t.readAt),
    index('message_user_created').on(t.userId, t.createdAt),
    uniqueIndex('message_user_source').on(t.userId, t.source),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Plants, gateways, devices and their data (issue 3). Time series: raw samples keyed by (device, ts) and
// partitioned by month (the migration adds the partitioning); daily rollups per device and per plant
// written by ingest; 5-minute plant power for the day chart; a latest-snapshot row per device.

export const plant = pgTable(
  'plant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => company.id),
    ownerId: uuid('owner_id').references(() => appUser.id),
    installerId: uuid('installer_id').references(() => appUser.id),
    createdBy: uuid('created_by').references(() => appUser.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    inverterKind: text('inverter_kind').notNull().default('string'),
    capacityKw: doublePrecision('capacity_kw').notNull(),
    commissionedOn: date('commissioned_on').notNull(),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull().default(''),
    valuation: jsonb('valuation').notNull(),
    picture: text('picture'),
    // Issue 4: the rest of spec §3 Plant.
    alias: text('alias'),
    totalInvestment: doublePrecision('total_investment'),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Added to the counted total generation (a plant that had a life before it was monitored). */
    generationOffsetKwh: doublePrecision('generation_offset_kwh').notNull().default(0),
    /** Storage settings: charge/discharge target SOC, export price, auto charge/discharge, auto export. */
    settings: jsonb('settings').notNull().default({}),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: created(),
  },
  (t) => [index('plant_company').on(t.companyId), index('plant_owner').on(t.ownerId)],
);

/** Plants shared to a visitor (guest, view only) or a maintainer (spec §6). */
export const plantShare = pgTable(
  'plant_share',
  {
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.userId] }), index('plant_share_user').on(t.userId)],
);

export const gateway = pgTable(
  'gateway',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sn: text('sn').notNull().unique(),
    companyId: uuid('company_id').references(() => company.id),
    plantId: uuid('plant_id').references(() => plant.id),
    registrationKey: text('registration_key').notNull(),
    connPasswordHash: text('conn_password_hash').notNull(),
    locked: boolean('locked').notNull().default(false),
    uploadIntervalS: integer('upload_interval_s').notNull().default(300),
    firmware: text('firmware'),
    /** The gateway's model (product), as its status message says: what gateway firmware is made for. */
    model: text('model'),
    rssi: integer('rssi'),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    // Issue 4: the rest of spec §3 Gateway.
    alias: text('alias'),
    /** The customer account the gateway is assigned to (binding it elsewhere asks for confirmation). */
    customerId: uuid('customer_id').references(() => appUser.id),
    hardwareVersion: text('hardware_version'),
    commType: text('comm_type').notNull().default('4G'),
    iccid: text('iccid'),
    serverAddress: text('server_address'),
    serverPort: integer('server_port'),
    meshCheck: boolean('mesh_check').notNull().default(false),
    batteryType: text('battery_type'),
    protocol: text('protocol'),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /**
     * Until when the communication log keeps this gateway's telemetry in full (a technician switched it on);
     * otherwise telemetry is logged as its summary only (issue 11: a fleet's payloads would be gigabytes a day).
     */
    commLogFullUntil: timestamp('comm_log_full_until', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('gateway_plant').on(t.plantId), index('gateway_company').on(t.companyId)],
);

export const device = pgTable(
  'device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sn: text('sn').notNull().unique(),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => gateway.id),
    plantId: uuid('plant_id').references(() => plant.id),
    kind: text('kind').notNull(),
    model: text('model').notNull().default(''),
    alias: text('alias'),
    ratedW: doublePrecision('rated_w'),
    capacityKwh: doublePrecision('capacity_kwh'),
    /** How raw registers are decoded: 'metrics' (the gateway decodes) or a register map such as 'sunspec'. */
    protocol: text('protocol').notNull().default('metrics'),
    meta: jsonb('meta').notNull().default({}),
    // Issue 4.
    brand: text('brand').notNull().default(''),
    firmware: text('firmware'),
    /** Battery slave → its master; lora child node → its master node. */
    parentId: uuid('parent_id'),
    /** Kind-specific settings kept by the console (meter prices and ratios, switch limits and timers, …). */
    settings: jsonb('settings').notNull().default({}),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('device_plant').on(t.plantId), index('device_gateway').on(t.gatewayId)],
);

/** The newest reading of a device, for realtime views, with the counters energy deltas start from. */
export const deviceLatest = pgTable('device_latest', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => device.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  metrics: jsonb('metrics').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every reading (partitioned by month on ts). `e_*` hold the energy of the interval ending at ts, derived
 * from the device's cumulative counters, so a day's energy is the sum of its samples.
 */
export const deviceSample = pgTable(
  'device_sample',
  {
    deviceId: uuid('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    plantId: uuid('plant_id'),
    metrics: jsonb('metrics').notNull(),
    ePv: doublePrecision('e_pv'),
    ePurchase: doublePrecision('e_purchase'),
    eFeedIn: doublePrecision('e_feed_in'),
    eCharge: doublePrecision('e_charge'),
    eDischarge: doublePrecision('e_discharge'),
    eLoad: doublePrecision('e_load'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] }), index('device_sample_plant_ts').on(t.plantId, t.ts)],
);

const energyColumns = () => ({
  pv: doublePrecision('pv').notNull().default(0),
  purchase: doublePrecision('purchase').notNull().default(0),
  feedIn: doublePrecision('feed_in').notNull().default(0),
  charge: doublePrecision('charge').notNull().default(0),
  discharge: doublePrecision('discharge').notNull().default(0),
  load: doublePrecision('load').notNull().default(0),
});

export const deviceDay = pgTable(
  'device_day',
  {
    deviceId: uuid('device_id').notNull(),
    day: date('day').notNull(),
    ...energyColumns(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

export const plantDay = pgTable(
  'plant_day',
  {
    plantId: uuid('plant_id').notNull(),
    day: date('day').notNull(),
    ...energyColumns(),
    income: doublePrecision('income').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.day] })],
);

/** 5-minute plant power: PV, load, grid (+ buying), battery (+ discharging), SOC. */
export const plantPower = pgTable(
  'plant_power',
  {
    plantId: uuid('plant_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    pv: doublePrecision('pv'),
    load: doublePrecision('load'),
    grid: doublePrecision('grid'),
    battery: doublePrecision('battery'),
    soc: doublePrecision('soc'),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.ts] })],
);

// ---- Smart energy (issue 17): stored prices, the plans of plants with automation on, their savings ----

/**
 * Prices a plant holds from an uploaded price file (or, later, a fetched market). Sources computed on read
 * (the plant's time-of-use tariff, the demo's simulated market) keep no rows. Unique per plant and start.
 */
export const priceSlot = pgTable(
  'price_slot',
  {
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    buy: doublePrecision('buy').notNull(),
    sell: doublePrecision('sell'),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.start] })],
);

/**
 * The plan of a plant with automation on (docs/optimiser.md): one row per plant, due again every 15 minutes,
 * claimed by one instance at a time (`claimed_until`, FOR UPDATE SKIP LOCKED) like the other jobs. `sent` is the
 * schedule the hybrid inverter holds, so an unchanged plan is not sent again; `counted_until` and
 * `baseline_soc` carry the saving's accounting from one round to the next.
 */
export const plantPlan = pgTable(
  'plant_plan',
  {
    plantId: uuid('plant_id')
      .primaryKey()
      .references(() => plant.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    mode: text('mode'),
    reason: text('reason'),
    slots: jsonb('slots').notNull().default([]),
    cost: doublePrecision('cost'),
    baselineCost: doublePrecision('baseline_cost'),
    sent: jsonb('sent'),
    commandId: uuid('command_id'),
    commandStatus: text('command_status'),
    commandError: text('command_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    countedUntil: timestamp('counted_until', { withTimezone: true }),
    baselineSoc: doublePrecision('baseline_soc'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plant_plan_due').on(t.dueAt)],
);

/** What a plant with automation paid for its grid energy per plant-local day, and what plain self-use would have. */
export const plantSavingDay = pgTable(
  'plant_saving_day',
  {
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    actualCost: doublePrecision('actual_cost').notNull().default(0),
    baselineCost: doublePrecision('baseline_cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.day] })],
);

export const deviceEvent = pgTable(
  'device_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gatewayId: uuid('gateway_id').notNull(),
    /** The gateway's own event id: a replayed event is recognised by it. */
    gatewayEventId: text('gateway_event_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    plantId: uuid('plant_id'),
    code: text('code').notNull(),
    level: text('level').notNull(),
    message: text('message'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('device_event_gateway_id').on(t.gatewayId, t.gatewayEventId),
    index('device_event_plant').on(t.plantId, t.raisedAt),
    index('device_event_open').on(t.deviceId, t.clearedAt),
  ],
);

/**
 * What the plant list, its counts and the map show of a plant, kept current by ingest (plants/summary.ts), so
 * those reads never aggregate raw rows for thousands of plants. A recomputation from the source tables, never
 * an increment: a replayed or late batch cannot make it wrong. Readers recompute a plant inline when its row is
 * missing or `status_until` has passed (a device went quiet since), so the answer is what a full
 * recomputation would give.
 */
export const plantSummary = pgTable(
  'plant_summary',
  {
    plantId: uuid('plant_id')
      .primaryKey()
      .references(() => plant.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** When the status changes by time alone (the first online device going offline); null: never. */
    statusUntil: timestamp('status_until', { withTimezone: true }),
    /** The newest plant_power PV, whatever the status (readers hide it for an offline plant). */
    powerW: doublePrecision('power_w'),
    powerTs: timestamp('power_ts', { withTimezone: true }),
    /** The plant-local day the today figures are of; readers take them only while it is still that day. */
    todayDay: date('today_day').notNull(),
    todayKwh: doublePrecision('today_kwh').notNull().default(0),
    todayIncome: doublePrecision('today_income').notNull().default(0),
    totalKwh: doublePrecision('total_kwh').notNull().default(0),
    totalIncome: doublePrecision('total_income').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('plant_summary_until').on(t.statusUntil), index('plant_summary_computed').on(t.computedAt)],
);

/** Chart custom parameters per user and device kind (at most 6, spec §9). */
export const chartParams = pgTable(
  'chart_params',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * What ingest could not attribute (a device the gateway does not have, a payload that fails its schema) is
 * kept here with the reason, so nothing a device sent is lost: an operator can bind the device and replay.
 */
export const ingestDeadLetter = pgTable('ingest_dead_letter', {
  id: uuid('id').primaryKey().defaultRandom(),
  gatewaySn: text('gateway_sn').notNull(),
  topic: text('topic').notNull(),
  reason: text('reason').notNull(),
  payload: text('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Issue 4: commands, the operation log, configuration templates and panel layouts.

/** A command sent to a gateway or a device behind it over down/cmd, and what came back on up/ack. */
export const deviceCommand = pgTable(
  'device_command',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    plantId: uuid('plant_id'),
    gatewayId: uuid('gateway_id').notNull(),
    deviceId: uuid('device_id'),
    type: text('type').notNull(),
    params: jsonb('params').notNull().default({}),
    /** sent → accepted/progress → succeeded | failed | timed_out */
    status: text('status').notNull().default('sent'),
    progress: integer('progress'),
    result: jsonb('result'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('device_command_gateway').on(t.gatewayId, t.createdAt),
    // The debug log reads debug commands newest first across a company's gateways (modules/debug-log).
    index('device_command_debug')
      .on(t.createdAt)
      .where(sql`${t.type} in ('debugRead', 'debugWrite')`),
  ],
);

/** Who changed what (spec §3 Operation log): every command and every change to a device's settings. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    plantId: uuid('plant_id'),
    userId: uuid('user_id'),
    /** The serial number (or plant id) the operation concerned. */
    target: text('target').notNull(),
    operation: text('operation').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    result: text('result').notNull(),
    ip: text('ip'),
    commandId: uuid('command_id'),
    createdAt: created(),
  },
  (t) => [index('operation_log_target').on(t.target, t.createdAt), index('operation_log_company').on(t.companyId)],
);

/** Inverter parameter configuration templates (device/setting/recommend). */
export const configTemplate = pgTable(
  'config_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    values: jsonb('values').notNull().default({}),
    createdBy: uuid('created_by'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('config_template_company').on(t.companyId)],
);

/** A plant's panel layouts (spec §2.3): kind 'logical' (the tree) or 'physical' (panels on a roof grid). */
export const plantLayout = pgTable(
  'plant_layout',
  {
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.kind] })],
);

// ---------------------------------------------------------------------------------------------------------
// Organisation and account security (issue 12).

/** Customer types of a company (spec §3), a tree by parentId: a type with sub-types cannot be deleted. */
export const customerType = pgTable(
  'customer_type',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('customer_type_company').on(t.companyId)],
);

/**
 * A company's customer (spec §3): the account that signs in (role `customer` or the customer's own role),
 * its type and contact. A customer sees the plants it owns (plant.owner_id), never a sibling customer's.
 */
export const customer = pgTable(
  'customer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id').references(() => customerType.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('customer_company').on(t.companyId)],
);

/**
 * Agents (spec §6): `agentCompanyId` services the plants of `companyId`, appointed by naming the agent
 * company's administrator account (`agentUserId`). `level` is what the agent may do there: `view` (read
 * only) or `operate` (its role's keys decide the actions, as in its own company).
 */
export const companyAgent = pgTable(
  'company_agent',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    agentCompanyId: uuid('agent_company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    level: text('level').notNull().default('view'),
    createdBy: uuid('created_by'),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.agentCompanyId] }), index('company_agent_agent').on(t.agentCompanyId)],
);

/** Documents a company uploads for its customers (spec §2.3 "manuals"), downloadable by them. */
export const companyManual = pgTable(
  'company_manual',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: uuid('created_by'),
    createdAt: created(),
  },
  (t) => [index('company_manual_company').on(t.companyId)],
);

/**
 * Device configuration profiles (issue 14 item 8, spec §9 "up to 6 profiles and 6 config files"): a named
 * set of config files of a company (company_id null: the platform's own, for platform administrators).
 */
export const deviceProfile = pgTable(
  'device_profile',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_profile_company').on(t.companyId)],
);

/** A config file of a profile; its bytes are a stored_file (kind deviceConfig), removed with it. */
export const deviceProfileFile = pgTable(
  'device_profile_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => deviceProfile.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [index('device_profile_file_profile').on(t.profileId)],
);

/**
 * Every administrative change (roles, members, customers, agents, company, MFA reset, migration): who, what,
 * the old and new value and the address. Company administrators read their company's.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    ip: text('ip').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('audit_log_company').on(t.companyId, t.createdAt)],
);

/** A TOTP second factor (RFC 6238). `lastStep` refuses a code replayed within its window. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: created(),
});

/** One-time recovery codes (ten per enrolment), stored hashed. */
export const mfaRecoveryCode = pgTable(
  'mfa_recovery_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('mfa_recovery_code_user').on(t.userId)],
);

/** Passkeys (WebAuthn) registered as a second factor. */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: created(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_user').on(t.userId)],
);

/**
 * A passkey registration under way (one per account): the WebAuthn challenge the options carried, checked
 * once by the registration that answers it. Short lived.
 */
export const passkeyRegistration = pgTable('passkey_registration', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  rpId: text('rp_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: created(),
});

/**
 * A sign-in waiting for its second factor: the password was right, the tokens come once a code is. Short
 * lived, a few tries at most.
 */
export const mfaChallenge = pgTable('mfa_challenge', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  ip: text('ip').notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The WebAuthn challenge of the passkey options last handed out for this sign-in (spent by an assertion). */
  webauthnChallenge: text('webauthn_challenge'),
  createdAt: created(),
});

/**
 * Scan-code login: the desktop shows a short-lived one-time code; a signed-in phone confirms it; the desktop,
 * polling, gets its own token pair once. Stored hashed.
 */
export const scanLogin = pgTable('scan_login', {
  id: uuid('id').primaryKey().defaultRandom(),
  codeHash: text('code_hash').notNull().unique(),
  /** pending → confirmed (a phone said yes) → used (the desktop got its tokens); or expired. */
  status: text('status').notNull().default('pending'),
  userId: uuid('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: created(),
});

/** An account's move to another region (spec §4): submitted → in progress → migrated or failed. */
export const accountMigration = pgTable(
  'account_migration',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    fromRegion: text('from_region').notNull(),
    toRegion: text('to_region').notNull(),
    status: text('status').notNull().default('submitted'),
    /** The error key of §8 when it failed. */
    error: text('error'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_migration_user').on(t.userId, t.createdAt)],
);

// ---- firmware library (issue 13) -------------------------------------------------------------------------

/**
 * A vendor's Ed25519 public key, registered by a platform administrator: an image is accepted only with a valid
 * signature by a key that is not revoked (modules/firmware/signing.ts). Revoking keeps the row, so the library
 * still says who signed what.
 */
export const vendorKey = pgTable(
  'vendor_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** SPKI PEM. */
    publicKey: text('public_key').notNull(),
    /** SHA-256 of the key's DER, hex: one key is registered once. */
    fingerprint: text('fingerprint').notNull(),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdAt: created(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vendor_key_fingerprint').on(t.fingerprint),
    uniqueIndex('vendor_key_name').on(sql`lower(${t.name})`),
  ],
);

/** Primary labels (no parent) and their secondary labels, per device kind (spec §3 Firmware). */
export const firmwareLabel = pgTable(
  'firmware_label',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('firmware_label_name').on(
      t.kind,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/**
 * One firmware image of the library (spec §3 Firmware, every field). The image is a stored_file (kind
 * `firmware`); its SHA-256 is unique, so one image is in the library once. `company_id`: the company it was made
 * for, which sees it without a grant; null for the platform's own.
 */
export const firmware = pgTable(
  'firmware',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    companyId: uuid('company_id').references(() => company.id),
    brand: text('brand').notNull(),
    product: text('product').notNull(),
    epn: text('epn').notNull().default(''),
    hardwareVersion: text('hardware_version').notNull().default(''),
    softwareVersion: text('software_version').notNull(),
    compatibleVersions: jsonb('compatible_versions').$type<string[]>().notNull().default([]),
    changeLog: text('change_log').notNull().default(''),
    upgradeMode: text('upgrade_mode').notNull().default('remote'),
    labelId: uuid('label_id').references(() => firmwareLabel.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFile.id),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The vendor's signature of the image, base64, and the key it verified with. */
    signature: text('signature').notNull(),
    vendorKeyId: uuid('vendor_key_id')
      .notNull()
      .references(() => vendorKey.id),
    enabled: boolean('enabled').notNull().default(false),
    released: boolean('released').notNull().default(false),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firmware_sha256').on(t.sha256),
    uniqueIndex('firmware_product_version').on(t.kind, sql`lower(${t.product})`, sql`lower(${t.softwareVersion})`),
    index('firmware_kind').on(t.kind, t.createdAt),
  ],
);

/** Firmware authorised to a company (firmware/auth): it sees and may install it. */
export const firmwareGrant = pgTable(
  'firmware_grant',
  {
    firmwareId: uuid('firmware_id')
      .notNull()
      .references(() => firmware.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id),
    grantedBy: uuid('granted_by').references(() => appUser.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.firmwareId, t.companyId] }), index('firmware_grant_company').on(t.companyId)],
);

// ---- remote upgrades (issue 13) --------------------------------------------------------------------------

/**
 * A staged rollout (issue 13 point 4, beyond the spec): a batch that goes out in waves of `wave_percent` of its
 * devices; a wave whose failed share passes `halt_percent` halts it (state `halted`), leaving the later waves
 * `queued` until the operator resumes or aborts.
 */
export const upgradeRollout = pgTable(
  'upgrade_rollout',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => company.id),
    /** Null once the firmware is deleted from the library (the record keeps its version). */
    firmwareId: uuid('firmware_id').references(() => firmware.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** running | halted | aborted | done */
    state: text('state').notNull().default('running'),
    wavePercent: integer('wave_percent').notNull(),
    haltPercent: integer('halt_percent').notNull(),
    /** The wave now running (1-based) and how many there are. */
    wave: integer('wave').notNull().default(1),
    waves: integer('waves').notNull(),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upgrade_rollout_company').on(t.companyId, t.createdAt)],
);

/**
 * One upgrade of one device (or gateway) to one firmware: a maintenance log record (log/uphold) and the job
 * that sends it. States: packages/shared/src/upgrade.ts. The row is the truth across instances: whichever
 * instance claims a `waiting`/`queued` row (FOR UPDATE SKIP LOCKED) sends it, once; whichever receives the
 * gateway's answer records the step. `device_id` is null when the gateway itself is upgraded.
 */
export const upgrade = pgTable(
  'upgrade',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    plantId: uuid('plant_id'),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => gateway.id),
    deviceId: uuid('device_id').references(() => device.id),
    kind: text('kind').notNull(),
    sn: text('sn').notNull(),
    model: text('model').notNull().default(''),
    /** Null once the firmware is deleted from the library (the record keeps `to_version`). */
    firmwareId: uuid('firmware_id').references(() => firmware.id, { onDelete: 'set null' }),
    fromVersion: text('from_version'),
    toVersion: text('to_version').notNull(),
    state: text('state').notNull(),
    /** [{ step, at (ms) }] in the order the device reported them. */
    steps: jsonb('steps').notNull().default([]),
    progress: integer('progress'),
    error: text('error'),
    rolloutId: uuid('rollout_id').references(() => upgradeRollout.id),
    wave: integer('wave'),
    /** SHA-256 of the download token (the token itself goes only to the gateway, in the signed manifest). */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdAt: created(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('upgrade_company').on(t.companyId, t.createdAt),
    index('upgrade_sn').on(t.sn, t.createdAt),
    index('upgrade_by_rollout').on(t.rolloutId),
    // The dispatcher's and the "upgrading" status's question: the open upgrades.
    index('upgrade_open')
      .on(t.state)
      .where(sql`state in ('waiting', 'queued', 'running')`),
    // One open upgrade per device at a time (1202 otherwise), even when two requests race.
    uniqueIndex('upgrade_one_open')
      .on(t.sn)
      .where(sql`state in ('waiting', 'queued', 'running')`),
  ],
);

/**
 * A console version published by a platform administrator (issue 14 item 7; spec §3 "Latest version"):
 * its number and release notes per console language ({ cn, en, … }, English required). Platform-wide, no
 * company: every signed-in user reads them.
 */
export const consoleVersion = pgTable(
  'console_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull(),
    notes: jsonb('notes').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => appUser.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('console_version_number').on(sql`lower(${t.version})`),
    index('console_version_published').on(t.publishedAt),
  ],
);

/** The newest console version each user acknowledged in the version dialog (spec §4: "I know" stores it). */
export const consoleVersionAck = pgTable('console_version_ack', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
});

/**
 * Protocols (issue 14, spec §3 "Protocol and config"): platform data managed by platform administrators.
 * `code` is the protocol's name (6-12 characters, unique whatever the case). `builtin` marks the maps the
 * console ships (modules/protocols/seed.ts), seeded at start when missing.
 */
export const protocol = pgTable(
  'protocol',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    manufacturer: text('manufacturer').notNull(),
    protocolVersion: text('protocol_version').notNull(),
    configureVersion: text('configure_version').notNull().default(''),
    builtin: boolean('builtin').notNull().default(false),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('protocol_code').on(sql`lower(${t.code})`)],
);

/** A config of a protocol, versioned: each (protocol, name, version) is a snapshot; the highest version is edited. */
export const protocolConfig = pgTable(
  'protocol_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    protocolId: uuid('protocol_id')
      .notNull()
      .references(() => protocol.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('protocol_config_version').on(t.protocolId, sql`lower(${t.name})`, t.version)],
);

/** A column of a config version (spec §3: every column field). */
export const protocolColumn = pgTable(
  'protocol_column',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    configId: uuid('config_id')
      .notNull()
      .references(() => protocolConfig.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    functionCode: integer('function_code').notNull(),
    startAddress: integer('start_address').notNull(),
    registerCount: integer('register_count').notNull(),
    unit: text('unit').notNull().default(''),
    registerType: text('register_type').notNull(),
    dataType: text('data_type').notNull(),
    byteSwap: boolean('byte_swap').notNull().default(false),
    registerSwap: boolean('register_swap').notNull().default(false),
    base: doublePrecision('base').notNull().default(0),
    scale: doublePrecision('scale').notNull().default(1),
    scaleFactor: text('scale_factor'),
    skipBytes: integer('skip_bytes').notNull().default(0),
    required: boolean('required').notNull().default(false),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('protocol_column_config').on(t.configId, t.position),
    uniqueIndex('protocol_column_name').on(t.configId, t.name),
  ],
);

/**
 * Protocol updates (issue 14 item 5, modules/protocols/push.ts): per gateway and config of a protocol that a
 * device of the gateway uses (device.protocol = protocol.code, case aside), the version last queued for it,
 * whether it went out, and the version the gateway acknowledged. A change to a config sets `version` to its
 * newest and the row `waiting`; the pusher claims waiting rows of online gateways (FOR UPDATE SKIP LOCKED,
 * so one instance sends each) and sends `protocolUpdate`; the answer sets `acked_version`.
 */
export const protocolPush = pgTable(
  'protocol_push',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => gateway.id, { onDelete: 'cascade' }),
    protocolId: uuid('protocol_id')
      .notNull()
      .references(() => protocol.id, { onDelete: 'cascade' }),
    /** The config's name, as the config rows spell it. */
    config: text('config').notNull(),
    version: integer('version').notNull(),
    /** waiting → sent → acknowledged | failed */
    state: text('state').notNull().default('waiting'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ackedVersion: integer('acked_version'),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('protocol_push_target').on(t.gatewayId, t.protocolId, t.config),
    index('protocol_push_protocol').on(t.protocolId),
    index('protocol_push_state').on(t.state, t.updatedAt),
  ],
);

/**
 * The communication log (issue 14 item 6, modules/comm-log): every message a gateway sent the server and the
 * server sent it, newest first per gateway through (gateway_sn, at, id) read backwards. Kept by the gateway's serial
 * number, not its id, so a message of a gateway not (or no longer) in the database is kept too; the payload up
 * to COMM_LOG_LIMITS.payloadBytes. Rows older than COMM_LOG_DAYS are deleted by the recorder's cleanup.
 */
export const gatewayMessage = pgTable(
  'gateway_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gatewaySn: text('gateway_sn').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** up (gateway → server) or down (server → gateway). */
    direction: text('direction').notNull(),
    /** The topic after hg/v1/<sn>/. */
    channel: text('channel').notNull(),
    size: integer('size').notNull(),
    /** CommSummary of packages/shared (kind and the facts that say what the message carried). */
    summary: jsonb('summary').notNull(),
    payload: text('payload').notNull(),
    truncated: boolean('truncated').notNull().default(false),
    /** False: telemetry logged as its summary only (payload empty); see gateway.comm_log_full_until. */
    payloadKept: boolean('payload_kept').notNull().default(true),
  },
  (t) => [
    // Read backwards for newest first (an index in descending order would be NULLS LAST, which ORDER BY … desc is not).
    index('gateway_message_sn_at').on(t.gatewaySn, t.at, t.id),
    index('gateway_message_at').on(t.at),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Alarm notifications (issue 15 items 5–6, modules/notifications, docs/notifications.md).

/**
 * A user's rule for alarm notifications: `plant_key` '' is their default, otherwise a plant's id (a plant's
 * own rule wins over the default). Severities and channels are arrays of packages/shared's
 * NOTIFY_SEVERITIES and NOTIFY_CHANNELS; quiet hours are HH:MM in `time_zone`.
 */
export const notificationRule = pgTable(
  'notification_rule',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    plantKey: text('plant_key').notNull().default(''),
    severities: jsonb('severities').notNull(),
    channels: jsonb('channels').notNull(),
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plantKey] }), index('notification_rule_plant').on(t.plantKey)],
);

/**
 * An event that opened or closed, waiting to be fanned out to the people who watch its plant. Written in the
 * ingest transaction that writes the event (so none is lost on a restart); one row per (event, transition),
 * so a replayed event adds none. An instance leases a batch (`claimed_until`, FOR UPDATE SKIP LOCKED), fans
 * it out idempotently and sets `done_at`; a lease that ran out (the instance died) is taken again.
 */
export const notificationJob = pgTable(
  'notification_job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull(),
    /** open or close. */
    transition: text('transition').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('notification_job_event').on(t.eventId, t.transition),
    index('notification_job_todo').on(t.doneAt, t.id),
  ],
);

/**
 * One thing to send on one channel: to a user (email, push, sms: sent as a digest per user and channel) or to
 * a company's webhook (one POST each, retried with backoff). Unique per (channel, target, event, transition):
 * a fan-out that runs again adds nothing. Claimed like the jobs, with a lease.
 */
export const notificationDelivery = pgTable(
  'notification_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    /** The user's id (email, push, sms) or the webhook's id. */
    target: uuid('target').notNull(),
    eventId: uuid('event_id').notNull(),
    transition: text('transition').notNull(),
    /** What is said: the event's code, level, device, plant and times (service.ts AlarmFacts). */
    payload: jsonb('payload').notNull(),
    /** pending, sent or failed. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not before (the digest window, quiet hours, a retry's backoff). */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('notification_delivery_once').on(t.channel, t.target, t.eventId, t.transition),
    index('notification_delivery_due').on(t.state, t.nextAt),
    index('notification_delivery_target').on(t.target, t.createdAt),
    // The worker prunes old rows by age (worker.ts).
    index('notification_delivery_created').on(t.createdAt),
  ],
);

/** When a user was last sent a digest on a channel: the next one waits NOTIFICATION_LIMITS.digestMinutes. */
export const notificationDigest = pgTable(
  'notification_digest',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/** A company's webhook: every alarm of the company's plants is POSTed to it, signed with `secret`. */
export const webhook = pgTable(
  'webhook',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The HMAC-SHA256 key; never sent to a browser. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: created(),
  },
  (t) => [index('webhook_company').on(t.companyId)],
);

/** A browser that allowed web push for a user (PushSubscription: endpoint and keys). */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: created(),
  },
  (t) => [index('push_subscription_user').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------------------
// Issue 15: system bulletins and maintenance notices. Neither is copied into `message` per user: a bulletin to
// everyone would cost a row for each of 10,000+ accounts. Each is one row with its audience; the notice centre
// lists the caller's messages together with the bulletins and notices addressed to them (modules/messages/
// inbox.ts), and `notice_read` keeps a row only once a user has read one.

/** A system bulletin (spec §3): theme and content per language, audience, version, announcer, release time. */
export const bulletin = pgTable(
  'bulletin',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 5 announcement, 6 notification, 7 theme (MESSAGE_TYPE). */
    type: integer('type').notNull(),
    theme: jsonb('theme').notNull(),
    content: jsonb('content').notNull(),
    /** BULLETIN_AUDIENCES: all, companies (receivers are company ids), customers (receivers are account ids). */
    audience: text('audience').notNull(),
    receivers: jsonb('receivers').notNull().default([]),
    version: text('version').notNull().default(''),
    announcer: text('announcer').notNull().default(''),
    /** When it shows; set at publication when the author left it empty. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    url: text('url').notNull().default(''),
    /** BULLETIN_STATUSES: draft, published, withdrawn. */
    status: text('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('bulletin_status_release').on(t.status, t.releaseAt)],
);

/** A maintenance notice (spec §3, §4): window, effective time, scope, status 0 unpublished / 1 publishing / 2 invalid. */
export const maintenanceNotice = pgTable(
  'maintenance_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 1 upgrade, 2 maintenance. */
    type: integer('type').notNull(),
    title: jsonb('title').notNull(),
    content: jsonb('content').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** MAINTENANCE_SCOPES: all, region (this deployment's REGION), companies. */
    scope: text('scope').notNull(),
    region: text('region').notNull().default(''),
    companyIds: jsonb('company_ids').notNull().default([]),
    url: text('url').notNull().default(''),
    status: integer('status').notNull().default(0),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('maintenance_notice_status').on(t.status, t.effectiveAt)],
);

/** A user read a bulletin or maintenance notice (no row: unread). */
export const noticeRead = pgTable(
  'notice_read',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** A bulletin's or maintenance notice's id (uuids do not collide between the two tables). */
    noticeId: uuid('notice_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/**
 * A saved plant report (issue 16, docs/reports.md): its owner's choice of plants (none: every plant they may
 * see when it runs), figures, period and scope. A config is its owner's alone; the plants it names are
 * re-checked against the owner's access whenever it is computed, so a share revoked later drops the plant.
 * `next_due_at` is when a scheduled mail is due: an instance claims due rows with FOR UPDATE SKIP LOCKED and
 * moves the time on in the same statement, so N instances send it once.
 */
export const reportConfig = pgTable(
  'report_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => company.id),
    name: text('name').notNull(),
    plantIds: jsonb('plant_ids').notNull().default([]),
    figures: jsonb('figures').notNull(),
    period: text('period').notNull(),
    scope: text('scope').notNull().default('plant'),
    schedule: text('schedule').notNull().default('none'),
    /** The zone the schedule is read in (its first plant's, or UTC). */
    timeZone: text('time_zone').notNull().default('UTC'),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** Failed tries of the mail being retried (reports/worker.ts MAIL_RETRY_MS); 0 when none is. */
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /** The period the retried mail reports (a retry mails the period that failed, not the one of its hour). */
    mailRetryAnchor: text('mail_retry_anchor'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: created(),
  },
  (t) => [index('report_config_user').on(t.userId), index('report_config_due').on(t.nextDueAt)],
);

/**
 * A background export of a report (xlsx or pdf): queued by a request, leased by one instance
 * (`claimed_until`, FOR UPDATE SKIP LOCKED), computed plant chunk by plant chunk with `progress` written as it
 * goes, and kept as a stored file (`file_id`) announced in the notice centre.
 */
export const reportExport = pgTable(
  'report_export',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    configId: uuid('config_id')
      .notNull()
      .references(() => reportConfig.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    anchor: text('anchor').notNull(),
    lang: text('lang').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    error: text('error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('report_export_todo').on(t.status, t.createdAt), index('report_export_user').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------------------
// Large screens and read-only view links (issue 16 points 4 and 5).

/**
 * A display a company defines for a wall screen (spec §2.2 large-screen/*): which plants (all of the
 * company's, or the listed ones in display_plant), the style, a title and a logo (a stored file of kind logo,
 * so the public logo route serves it to a kiosk without an account).
 */
export const display = pgTable(
  'display',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** DISPLAY_STYLES: single, spliced, multipage. */
    style: text('style').notNull(),
    /** Every plant of the company, now and later; otherwise the rows of display_plant. */
    allPlants: boolean('all_plants').notNull().default(false),
    /** The spliced style's grid of monitors. */
    gridRows: integer('grid_rows').notNull().default(1),
    gridCols: integer('grid_cols').notNull().default(1),
    /** The multi-page style: which pages in which order, and how long each stays. */
    pages: jsonb('pages').notNull().default([]),
    pageSeconds: integer('page_seconds').notNull().default(20),
    logoFileId: uuid('logo_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('display_company').on(t.companyId, t.createdAt)],
);

export const displayPlant = pgTable(
  'display_plant',
  {
    displayId: uuid('display_id')
      .notNull()
      .references(() => display.id, { onDelete: 'cascade' }),
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.displayId, t.plantId] })],
);

/**
 * A read-only link (kiosk or embed): a token, kept as its SHA-256 only, that lets GET one display's data (kind
 * display) or one plant's, device's or layout's public view (kinds plant, device, layout) and nothing else.
 * Revoking sets revoked_at; every request reads the row, so it stops working at once.
 */
export const viewLink = pgTable(
  'view_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    displayId: uuid('display_id').references(() => display.id, { onDelete: 'cascade' }),
    plantId: uuid('plant_id').references(() => plant.id, { onDelete: 'cascade' }),
    /** Kind device: the device's serial number within the plant. */
    deviceSn: text('device_sn'),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: created(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('view_link_token').on(t.tokenHash), index('view_link_display').on(t.displayId)],
);

// ---------------------------------------------------------------------------------------------------------
// Smart rules (issue 17 point 5, modules/smart-rules, docs/smart-rules.md)
// ---------------------------------------------------------------------------------------------------------

/**
 * A rule of one plant: trigger, conditions, actions (packages/shared smart-rules.ts, kept as JSON), run as its
 * owner. `trigger_state` is what the engine last saw of an edge trigger (a threshold's side, the price band),
 * changed only by compare-and-set on `state_seq`, so one instance wins each transition. `last_fired_at` bounds
 * the cooldown under the row lock.
 */
export const smartRule = pgTable(
  'smart_rule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => appUser.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    trigger: jsonb('trigger').notNull(),
    conditions: jsonb('conditions').notNull().default([]),
    actions: jsonb('actions').notNull(),
    cooldownMinutes: integer('cooldown_minutes').notNull().default(0),
    /** When it was last enabled or changed: nothing before this fires it (events, crossings). */
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull().defaultNow(),
    triggerState: jsonb('trigger_state'),
    stateSeq: integer('state_seq').notNull().default(0),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('smart_rule_plant').on(t.plantId), index('smart_rule_enabled').on(t.enabled)],
);

/**
 * One firing of a rule. (rule, occurrence) is unique: the occurrence names what fired it (the scheduled local
 * minute, the crossing's sample time, the event id, the price transition), so instances evaluating the same
 * occurrence insert one row and only the one that inserted runs the actions.
 */
export const smartRuleRun = pgTable(
  'smart_rule_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => smartRule.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    detail: text('detail').notNull().default(''),
    /** Each action's outcome: kind, target, status (sent, succeeded, failed, refused), reason. */
    outcomes: jsonb('outcomes').notNull().default([]),
    /** Devices the run commanded, so their own changes do not fire the rule again. */
    touched: jsonb('touched').notNull().default([]),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    uniqueIndex('smart_rule_run_occurrence').on(t.ruleId, t.occurrence),
    index('smart_rule_run_rule').on(t.ruleId, t.firedAt),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Application centre (issue 17 point 6): smart bulbs and their provider accounts, weather-station accounts.
// ---------------------------------------------------------------------------------------------------------------

/**
 * A company's account at a smart-bulb provider (OAuth-style): the provider's token is kept encrypted
 * (auth/secret-box.ts, AES-256-GCM) and never answered. One account per company and provider.
 */
export const lightAccount = pgTable(
  'light_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    tokenCipher: text('token_cipher').notNull(),
    linkedBy: uuid('linked_by').references(() => appUser.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('light_account_company').on(t.companyId, t.provider)],
);

/** A provider's bulb bound to a plant, with its last known state. A bulb is bound to one plant at most. */
export const light = pgTable(
  'light',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerDeviceId: text('provider_device_id').notNull(),
    alias: text('alias').notNull(),
    on: boolean('on').notNull().default(false),
    brightness: integer('brightness').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('light_provider_device').on(t.provider, t.providerDeviceId), index('light_plant').on(t.plantId)],
);

/**
 * A plant's third-party weather-station account (API key style): the key is kept encrypted and never answered;
 * `hint` is its masked last characters. One account per plant.
 */
export const weatherLink = pgTable(
  'weather_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    stationId: text('station_id').notNull(),
    keyCipher: text('key_cipher').notNull(),
    hint: text('hint').notNull(),
    linkedBy: uuid('linked_by').references(() => appUser.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('weather_link_plant').on(t.plantId)],
);

/**
 * A company's video storage space (issue 18, at most 10 a company): a folder below VIDEO_DIR, or an
 * S3-compatible bucket whose secret key is sealed (auth/secret-box.ts) and never answered.
 */
export const storageSpace = pgTable(
  'storage_space',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** folder | s3 */
    kind: text('kind').notNull(),
    folder: text('folder').notNull().default(''),
    /** endpoint, bucket, region, prefix, accessKey; the secret key is in `s3SecretCipher`. */
    s3: jsonb('s3').$type<{ endpoint: string; bucket: string; region: string; prefix: string; accessKey: string }>(),
    s3SecretCipher: text('s3_secret_cipher'),
    capacityGb: doublePrecision('capacity_gb').notNull(),
    retentionDays: integer('retention_days').notNull(),
    /** Bytes of recordings kept, maintained as segments are stored and reclaimed. */
    usedBytes: doublePrecision('used_bytes').notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('storage_space_company_name').on(t.companyId, t.name)],
);

/** A camera or NVR on a plant (issue 18). The password is sealed and never answered. */
export const camera = pgTable(
  'camera',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    plantId: uuid('plant_id')
      .notNull()
      .references(() => plant.id, { onDelete: 'cascade' }),
    /** One of CAMERA_KINDS, or `simulated` (the demo's test pattern). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    path: text('path').notNull().default(''),
    /** Kind onvif: the port of the camera's ONVIF web service, asked for the stream's address (GetStreamUri). */
    onvifPort: integer('onvif_port').notNull().default(80),
    username: text('username').notNull().default(''),
    passwordCipher: text('password_cipher').notNull(),
    /** off | continuous | event */
    recording: text('recording').notNull().default('off'),
    storageSpaceId: uuid('storage_space_id').references(() => storageSpace.id, { onDelete: 'set null' }),
    /** One of CAMERA_STATES: what the last test or stream attempt found. */
    state: text('state').notNull().default('unknown'),
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('camera_plant').on(t.plantId), index('camera_company').on(t.companyId)],
);

/** A camera's channel (an NVR has many; a camera one). */
export const cameraChannel = pgTable(
  'camera_channel',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cameraId: uuid('camera_id')
      .notNull()
      .references(() => camera.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    /**
     * Which instance records this channel, until when (cameras/recording/recorder.ts): one instance holds it and
     * renews it, so N instances record each channel once; a dead instance's lease runs out and another takes it.
     */
    recorderId: text('recorder_id'),
    recorderUntil: timestamp('recorder_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('camera_channel_number').on(t.cameraId, t.number)],
);

/**
 * One recorded HLS segment of a channel, kept in a storage space under `objectKey`. Playback and the timeline
 * read these rows; retention deletes the oldest first, so what is kept has no gaps inside it.
 */
export const recordingSegment = pgTable(
  'recording_segment',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Null once its camera (or channel) is deleted: the row stays, counted in its space's use, until retention
     * removes it and its file (in bounded batches, not in the request that deleted the camera).
     */
    channelId: uuid('channel_id').references(() => cameraChannel.id, { onDelete: 'set null' }),
    storageSpaceId: uuid('storage_space_id')
      .notNull()
      .references(() => storageSpace.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: integer('bytes').notNull(),
    objectKey: text('object_key').notNull(),
    /** The event that made an event-triggered recording keep this segment. */
    eventId: uuid('event_id'),
  },
  (t) => [
    uniqueIndex('recording_segment_channel_start').on(t.channelId, t.startedAt),
    index('recording_segment_space_start').on(t.storageSpaceId, t.startedAt),
    index('recording_segment_orphaned')
      .on(t.storageSpaceId)
      .where(sql`${t.channelId} is null`),
  ],
);
