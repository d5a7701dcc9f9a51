import { z } from 'zod';
import { contracts } from './route.js';

/** Account migration between regions (spec §4 states, §7 user/migrate and user/migrate/status). */
export const MIGRATION_STATES = ['submitted', 'in_progress', 'migrated', 'failed'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];

/** The tables a migration moves, in the order they are sent (a row's references arrive before it). */
export const MIGRATION_TABLES = [
  'app_user',
  'user_totp',
  'mfa_recovery_code',
  'passkey',
  'stored_file',
  'chart_params',
  'message',
  'plant',
  'plant_layout',
  'plant_share',
  'plant_summary',
  'gateway',
  'device',
  'device_latest',
  'device_day',
  'device_sample',
  'device_event',
  'plant_day',
  'plant_power',
  'device_command',
  'operation_log',
] as const;
export type MigrationTable = (typeof MIGRATION_TABLES)[number];

export const migrationSchema = z.object({
  id: z.string(),
  status: z.enum(MIGRATION_STATES),
  fromRegion: z.string(),
  toRegion: z.string(),
  /** The error key (spec §8) when it failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Migration = z.infer<typeof migrationSchema>;

export const migrationStatusSchema = z.object({
  /** Whether this deployment takes part (REGION, REGIONS and REGION_SECRET are set). */
  enabled: z.boolean(),
  /** This deployment's region code, or null when the feature is off. */
  region: z.string().nullable(),
  /** The peer regions an account can move to, with the console address there. */
  peers: z.array(z.object({ region: z.string(), url: z.string() })),
  /** The caller's newest migration (one that left this region, or one that arrived here), or null. */
  migration: migrationSchema.nullable(),
  /**
   * Why the caller's account cannot move at all, as its §8 error key: a company's account moves only with its
   * company (migrationNotAllowed), the platform's own accounts never (migrationUnsupported); null when it can.
   */
  refusal: z.enum(['migrationNotAllowed', 'migrationUnsupported']).nullable(),
});
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

/** One batch of rows of one table, sent by the source region to the target (server to server). */
export const migrationBatchBody = z.object({
  migration: z.string().max(64),
  table: z.enum(MIGRATION_TABLES),
  rows: z.array(z.record(z.string(), z.unknown())).max(2000),
});

export const migrationContracts = contracts({
  'GET /user/migrate/status': { answer: migrationStatusSchema },
  'POST /user/migrate': { body: z.object({ region: z.string().trim().max(32) }), answer: migrationStatusSchema },
  /** Server to server: import one batch (idempotent: a row already there is left as it is). */
  'POST /internal/migration/batch': {
    body: migrationBatchBody,
    answer: z.object({ received: z.number().int(), inserted: z.number().int() }),
  },
  /** Server to server: the account is complete and gone from the source; it may sign in here now. */
  /** Server to server: the account may sign in here; the answer says where its gateways are to connect now. */
  'POST /internal/migration/finish': {
    body: z.object({ migration: z.string().max(64), userId: z.string().max(64) }),
    answer: z.object({ mqttUrl: z.string().nullable() }),
  },
  /** Server to server: every row has been sent; the target counts what it holds of the account. */
  'POST /internal/migration/count': {
    body: z.object({ migration: z.string().max(64), userId: z.string().max(64) }),
    answer: z.record(z.string(), z.number().int()),
  },
});
