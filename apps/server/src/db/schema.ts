import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
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
  createdAt: created(),
});

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
    createdAt: created(),
  },
  (t) => [uniqueIndex('role_company_key').on(sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.key)],
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
    type: integer('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('message_user_unread').on(t.userId, t.readAt)],
);
