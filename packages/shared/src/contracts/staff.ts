import { z } from 'zod';
import { BUILTIN_ROLES } from '../roles.js';
import { LIMITS } from '../rules.js';
import { SEXES } from '../user.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * The built-in roles a company administrator may give a member (enterprise/user); the company's own roles
 * (enterprise/roles) may be given too.
 */
export const MEMBER_BUILTIN_ROLES = ['company_admin', 'company_staff', 'installer', 'agent'] as const;

/** A member of the caller's company (spec §3 Staff/user), as enterprise/user lists it. */
export const member = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  sex: z.enum(SEXES),
  roleId: z.string(),
  /** The built-in role held (translated on the web); null when it is one of the company's own roles. */
  roleBuiltin: z.enum(BUILTIN_ROLES).nullable(),
  /** The company's name for its own role; empty for a built-in role. */
  roleName: z.string(),
  mfaEnabled: z.boolean(),
  mfaRequired: z.boolean(),
  disabled: z.boolean(),
  registeredAt: z.string(),
  /** The signed-in caller: their own role, disabling and unbinding are not offered. */
  self: z.boolean(),
});
export type Member = z.infer<typeof member>;

/** A role a member may be given: a built-in company role or one of the company's own. */
export const memberRoleOption = z.object({
  id: z.string(),
  builtin: z.enum(BUILTIN_ROLES).nullable(),
  name: z.string(),
});
export type MemberRoleOption = z.infer<typeof memberRoleOption>;

export const MEMBER_STATUSES = ['enabled', 'disabled'] as const;

/**
 * Create a member (no `userId`; `password` is the initial password, RSA-encrypted with the key of `keyId`
 * like every password field) or update one (`userId`; no password). The account is the e-mail address.
 */
export const memberBody = z.object({
  userId: z.uuid().optional(),
  account: z.string().trim().toLowerCase().min(1).max(LIMITS.emailMax),
  nickname: z.string().trim().min(1).max(LIMITS.nicknameMax),
  sex: z.enum(SEXES).default('unknown'),
  phone: z.string().trim().max(32).default(''),
  roleId: z.string().max(64),
  keyId: z.string().max(64).optional(),
  password: z.string().min(1).max(1024).optional(),
});
export type MemberInput = z.input<typeof memberBody>;

export const staffContracts = contracts({
  'GET /user/list': {
    query: z.object({
      q: z.string().max(64).optional(),
      roleId: z.string().max(64).optional(),
      status: z.enum(MEMBER_STATUSES).optional(),
      ...pageQuery,
    }),
    answer: pageOf(member),
  },
  'GET /user/roleOptions': { answer: z.array(memberRoleOption) },
  'POST /user/createOrUpdate': { body: memberBody, answer: member },
  /**
   * Whether an account may be added as a member (spec §5 "server-side check calls", 105 and 106 tolerated):
   * 105 when it is not registered (adding the member makes the account), 106 when it belongs to another
   * company, 1104 (employeeExists) when it is a member already, 1105 when it is the company's customer, and
   * 104 when it is a private account of no company (it is not taken over silently: its owner's plants would
   * become the company's). Never 0: an account that exists is never free to add.
   */
  'GET /company/user/check': {
    query: z.object({ account: z.string().trim().toLowerCase().min(1).max(LIMITS.emailMax) }),
    answer: emptyAnswer,
  },
  'POST /user/unbind/:userId': { answer: emptyAnswer },
  'POST /user/:userId/update/mfaStatus': {
    body: z.object({ required: z.boolean().optional(), reset: z.boolean().optional() }),
    answer: member,
  },
});
