import { z } from 'zod';
import { PERMISSION_KEYS, type PermissionKey } from '../permissions.js';
import { BUILTIN_ROLES } from '../roles.js';
import { emptyAnswer } from './empty.js';
import { permissionNode } from './misc.js';
import { contracts } from './route.js';

/** A role name: what the company calls it (unique in the company without regard to case, code 801). */
export const ROLE_NAME_MAX = 32;
export const ROLE_REMARK_MAX = 200;

const permissionKey = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);

/**
 * A company's own role (issue 12 point 2, spec §6): name, remark and the permission keys picked from the
 * company's assignable tree (COMPANY_ROLE_KEYS; any other key is refused with code 4).
 */
export const companyRoleBody = z.object({
  name: z.string().trim().min(1).max(ROLE_NAME_MAX),
  remark: z.string().trim().max(ROLE_REMARK_MAX).default(''),
  permissions: z.array(permissionKey).max(PERMISSION_KEYS.length).default([]),
});
export type CompanyRoleInput = z.input<typeof companyRoleBody>;

/** One role as enterprise/roles shows it: the company's own, or a built-in one a member may be given. */
export const companyRole = z.object({
  id: z.string(),
  /** The built-in role this is (its name is translated on the web); null for the company's own role. */
  builtin: z.enum(BUILTIN_ROLES).nullable(),
  /** The company's name for its own role; empty for a built-in role. */
  name: z.string(),
  remark: z.string(),
  permissions: z.array(permissionKey),
  /** Members of the company holding it. */
  members: z.number().int(),
  /** False for built-in roles and for the caller's own role (code 802). */
  editable: z.boolean(),
});
export type CompanyRole = z.infer<typeof companyRole>;

export const companyRoleList = z.object({
  /** The company's own roles first (oldest first), then the built-in company roles. */
  rows: z.array(companyRole),
  /** How many roles of its own the company has, and the most it may have (spec §9: 5). */
  own: z.number().int(),
  max: z.number().int(),
});
export type CompanyRoleList = z.infer<typeof companyRoleList>;

export const roleContracts = contracts({
  'GET /company/roles': { answer: companyRoleList },
  /** The permission tree a company role may be given, titled in the caller's language. */
  'GET /company/role/permissions': {
    query: z.object({ lan: z.string().max(16).optional() }),
    answer: z.array(permissionNode),
  },
  'POST /company/role': { body: companyRoleBody, answer: companyRole },
  'POST /company/role/:roleId': { body: companyRoleBody, answer: companyRole },
  'POST /company/role/:roleId/delete': { answer: emptyAnswer },
  /**
   * Whether a role name is free in the company (spec §5 "server-side check calls"): 0, or 801 (tolerated by
   * the form). `roleId` is the role being edited, whose own name is not a clash.
   */
  'GET /company/role/check': {
    query: z.object({ name: z.string().trim().min(1).max(ROLE_NAME_MAX), roleId: z.string().max(64).optional() }),
    answer: emptyAnswer,
  },
});
