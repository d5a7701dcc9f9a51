import { ERROR_CODES, type MemberInput } from '@heliograph/shared';
import { call } from '../../api/call';

/** The company's members (contracts in packages/shared/src/contracts/staff.ts). */
export type { Member, MemberInput, MemberRoleOption } from '@heliograph/shared';

export interface MemberQuery {
  q: string;
  roleId?: string | undefined;
  status?: string | undefined;
  page: number;
  size: number;
}

export const memberKeys = {
  all: ['members'] as const,
  list: (q: MemberQuery) => ['members', 'list', q] as const,
  roles: ['members', 'roles'] as const,
};

/** What the account check may answer without it being an error to show as a toast. */
export const CHECK_TOLERATES = [
  ERROR_CODES.accountNotRegistered,
  ERROR_CODES.accountOtherCompany,
  ERROR_CODES.accountExists,
  ERROR_CODES.employeeExists,
  ERROR_CODES.alreadyCompanyCustomer,
];

/** Refusals the member form shows under the account field rather than as a toast. */
export const SAVE_TOLERATES = [
  ERROR_CODES.accountOtherCompany,
  ERROR_CODES.accountExists,
  ERROR_CODES.employeeExists,
  ERROR_CODES.alreadyCompanyCustomer,
  ERROR_CODES.validation,
];

export const memberApi = {
  list: (q: MemberQuery) =>
    call('GET /user/list', {
      query: { q: q.q || undefined, roleId: q.roleId, status: q.status, page: q.page, size: q.size },
    }),
  roles: () => call('GET /user/roleOptions'),
  save: (body: MemberInput) => call('POST /user/createOrUpdate', { body }, { tolerate: SAVE_TOLERATES }),
  check: (account: string) => call('GET /company/user/check', { query: { account } }, { tolerate: CHECK_TOLERATES }),
  disable: (userId: string, disabled: boolean) =>
    call('POST /user/disable/:userId', { params: { userId }, body: { disabled } }),
  unbind: (userId: string) => call('POST /user/unbind/:userId', { params: { userId } }),
  mfa: (userId: string, body: { required?: boolean; reset?: boolean }) =>
    call('POST /user/:userId/update/mfaStatus', { params: { userId }, body }),
};
