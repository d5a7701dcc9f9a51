import { z } from 'zod';
import { isValidEmail, isValidPhone } from '../rules.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * The company side of issue 12 (spec §3 Company, §6 agents, §7 company/*, §9 logo sizes): the caller's company
 * (info, theme colour, logos, manuals), its agents, the audit log, and the platform's list of companies.
 */

/** Spec §9 logo sizes, exact; and how large the files may be. */
export const LOGO_SIZES = { wide: { width: 220, height: 58 }, square: { width: 58, height: 58 } } as const;
export const LOGO_KINDS = ['wide', 'square'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
export const COMPANY_LIMITS = {
  nameMax: 100,
  contactMax: 64,
  addressMax: 200,
  hostNameMax: 253,
  logoBytes: 300 * 1024,
  manualBytes: 20 * 1024 * 1024,
  manualTitleMax: 100,
} as const;

/** `#rrggbb`, the form the colour picker gives and the shell reads. */
export const THEME_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** A host name of a white-label deployment (lower-case labels of letters, digits and dashes). */
export function isValidHostName(value: string): boolean {
  return (
    value.length <= COMPANY_LIMITS.hostNameMax &&
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/.test(value)
  );
}

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .default('')
  .refine((v) => v === '' || isValidEmail(v), { message: 'email' });
const optionalPhone = z
  .string()
  .trim()
  .max(32)
  .default('')
  .refine((v) => v === '' || isValidPhone(v), { message: 'phone' });

/** The fields of spec §3 Company a company administrator edits (enterprise/company). */
export const companyFieldsBody = z.object({
  name: z.string().trim().min(1).max(COMPANY_LIMITS.nameMax),
  contactName: z.string().trim().max(COMPANY_LIMITS.contactMax).default(''),
  email: optionalEmail,
  phone: optionalPhone,
  address: z.string().trim().max(COMPANY_LIMITS.addressMax).default(''),
});
export type CompanyFieldsInput = z.input<typeof companyFieldsBody>;

/** An empty value clears the host name. */
const hostNameField = z
  .string()
  .trim()
  .toLowerCase()
  .max(COMPANY_LIMITS.hostNameMax)
  .default('')
  .refine((v) => v === '' || isValidHostName(v), { message: 'hostName' });

/** What a platform administrator sets on a company (the host name of a white-label deployment besides). */
export const platformCompanyBody = companyFieldsBody.extend({ hostName: hostNameField });
export type PlatformCompanyInput = z.input<typeof platformCompanyBody>;

/** A new company and its first administrator: an account e-mail with an initial password (RSA, as at sign-in). */
export const companyAddBody = platformCompanyBody.extend({
  adminAccount: z
    .string()
    .trim()
    .toLowerCase()
    .max(64)
    .refine((v) => isValidEmail(v), { message: 'email' }),
  adminNickname: z.string().trim().min(1).max(32),
  keyId: z.string().min(1).max(64),
  password: z.string().min(1).max(1024),
});
export type CompanyAddInput = z.input<typeof companyAddBody>;

export const themeColorBody = z.object({
  themeColor: z
    .string()
    .trim()
    .refine((v) => THEME_COLOR_PATTERN.test(v), { message: 'themeColor' }),
});

const person = z.object({ id: z.string(), account: z.string(), nickname: z.string() });

/** GET /company/info: the caller's company (spec §3 Company). */
export const companyInfo = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The administrator: `company.admin_id`, else the company's first company administrator. */
  admin: person.nullable(),
  themeColor: z.string(),
  /** Where GET /anonymous/logo/:id serves each logo (no token needed), or null. */
  logoWide: z.string().nullable(),
  logoSquare: z.string().nullable(),
  hostName: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

/** GET /anonymous/brand: the company whose white-label host name the request came to, or null. */
export const brandAnswer = z
  .object({
    name: z.string(),
    themeColor: z.string(),
    logoWide: z.string().nullable(),
    logoSquare: z.string().nullable(),
  })
  .nullable();
export type Brand = z.infer<typeof brandAnswer>;

/** A row of the platform's company list. */
export const companyRow = companyInfo.extend({
  members: z.number().int(),
  plants: z.number().int(),
  createdAt: z.number(),
});
export type CompanyRow = z.infer<typeof companyRow>;

// ---- manuals ---------------------------------------------------------------------------------------------

export const manualRow = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.number(),
  /** Where GET /company/manual/:id/download serves it (with the Bearer token). */
  url: z.string(),
});
export type Manual = z.infer<typeof manualRow>;

// ---- agents ----------------------------------------------------------------------------------------------

export const AGENT_LEVELS = ['view', 'operate'] as const;
export type AgentLevel = (typeof AGENT_LEVELS)[number];

export const agentRow = z.object({
  /** The agent company. */
  companyId: z.string(),
  companyName: z.string(),
  /** The administrator account the agent was appointed by. */
  account: z.string(),
  nickname: z.string(),
  level: z.enum(AGENT_LEVELS),
  since: z.number(),
});
export type AgentRow = z.infer<typeof agentRow>;

/** A company the caller's company serves as agent (the agent's own, read-only view). */
export const servedRow = z.object({
  companyId: z.string(),
  companyName: z.string(),
  level: z.enum(AGENT_LEVELS),
  since: z.number(),
});
export type ServedRow = z.infer<typeof servedRow>;

export const agentAppointBody = z.object({
  account: z
    .string()
    .trim()
    .toLowerCase()
    .max(64)
    .refine((v) => isValidEmail(v), { message: 'email' }),
  level: z.enum(AGENT_LEVELS).default('view'),
});
export type AgentAppointInput = z.input<typeof agentAppointBody>;

// ---- audit -----------------------------------------------------------------------------------------------

/** The families of audited actions (the part of the action key before the dot). */
export const AUDIT_FAMILIES = [
  'role',
  'member',
  'customer',
  'customerType',
  'agent',
  'company',
  'manual',
  'migration',
  'mfa',
] as const;
export type AuditFamily = (typeof AUDIT_FAMILIES)[number];

export const auditQuery = z.object({
  /** Platform administrators: whose log (required for them); others may only name their own company. */
  companyId: z.uuid().optional(),
  family: z.enum(AUDIT_FAMILIES).optional(),
  /** The actor's account or nickname, in part. */
  actor: z.string().trim().max(64).optional(),
  /** The target's id or kind, in part. */
  target: z.string().trim().max(64).optional(),
  /** Milliseconds since the epoch, inclusive bounds. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  ...pageQuery,
});

export const auditRow = z.object({
  id: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  ip: z.string(),
  at: z.number(),
  actor: z.object({ account: z.string(), nickname: z.string() }).nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

const listQuery = z.object({ q: z.string().trim().max(100).optional(), ...pageQuery });

export const companyContracts = contracts({
  'GET /company/info': { answer: companyInfo },
  'POST /company/edit': { body: companyFieldsBody, answer: companyInfo },
  'POST /company/themeColor': { body: themeColorBody, answer: companyInfo },
  /** Multipart field "file": JPG or PNG by content, exactly the size of spec §9 for `which`. */
  'POST /company/logo/:which': { answer: companyInfo },
  'POST /company/logo/:which/delete': { answer: companyInfo },
  /** A logo image (public: the sign-in page shows it). */
  'GET /anonymous/logo/:id': { answer: null },
  'GET /anonymous/brand': { answer: brandAnswer },

  'GET /company/manuals': { query: listQuery, answer: pageOf(manualRow) },
  /** Multipart: field "title", then field "file" (PDF, image or office document, at most 20 MB). */
  'POST /company/manual': { answer: manualRow },
  'POST /company/manual/:id/delete': { answer: emptyAnswer },
  /** The document itself. */
  'GET /company/manual/:id/download': { answer: null },

  'GET /companies': { query: listQuery, answer: pageOf(companyRow) },
  'POST /company/add': { body: companyAddBody, answer: companyRow },
  'POST /companies/:id': { body: platformCompanyBody, answer: companyRow },

  'GET /company/agents': { answer: z.array(agentRow) },
  'POST /company/agent': { body: agentAppointBody, answer: agentRow },
  'POST /company/agent/:agentCompanyId/level': {
    body: z.object({ level: z.enum(AGENT_LEVELS) }),
    answer: agentRow,
  },
  'POST /company/agent/:agentCompanyId/delete': { answer: emptyAnswer },
  'GET /company/agents/served': { answer: z.array(servedRow) },

  'GET /company/audit': { query: auditQuery, answer: pageOf(auditRow) },
});
