import type { CompanyRoleInput } from '@heliograph/shared';
import { ERROR_CODES } from '@heliograph/shared';
import { call } from '../../api/call';

/** The company's roles (contracts in packages/shared/src/contracts/roles.ts). */
export type { CompanyRole, CompanyRoleInput, CompanyRoleList } from '@heliograph/shared';

export const roleKeys = {
  all: ['companyRoles'] as const,
  list: ['companyRoles', 'list'] as const,
  tree: (lang: string) => ['companyRoles', 'tree', lang] as const,
};

export const roleApi = {
  list: () => call('GET /company/roles'),
  tree: (lan: string) => call('GET /company/role/permissions', { query: { lan } }),
  create: (body: CompanyRoleInput) => call('POST /company/role', { body }, { tolerate: [ERROR_CODES.roleNameExists] }),
  update: (roleId: string, body: CompanyRoleInput) =>
    call('POST /company/role/:roleId', { params: { roleId }, body }, { tolerate: [ERROR_CODES.roleNameExists] }),
  remove: (roleId: string) => call('POST /company/role/:roleId/delete', { params: { roleId } }),
  /** Resolves when the name is free; rejects with 801 (not told as a toast: the form shows it). */
  checkName: (name: string, roleId?: string) =>
    call(
      'GET /company/role/check',
      { query: roleId ? { name, roleId } : { name } },
      { tolerate: [ERROR_CODES.roleNameExists] },
    ),
};
