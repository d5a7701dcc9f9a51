import {
  ERROR_CODES,
  type CustomerCreateInput,
  type CustomerTypeInput,
  type CustomerUpdateInput,
} from '@heliograph/shared';
import { call } from '../../api/call';
import { encryptPasswords } from '../../kit/encryptPassword';

/** Customer calls (contracts in packages/shared/src/contracts/customers.ts). */
export type {
  CustomerPlantRow,
  CustomerRow,
  CustomerTypeNode,
  CustomerTypeRow,
  CustomerUserRow,
  PermissionNode,
} from '@heliograph/shared';

export const customerKeys = {
  all: ['customers'] as const,
  list: (q: string, typeId: string, page: number, size: number) =>
    ['customers', 'list', q, typeId, page, size] as const,
  role: (id: string) => ['customers', 'role', id] as const,
  plants: (id: string, q: string, page: number) => ['customers', 'plants', id, q, page] as const,
  tree: (lang: string) => ['customers', 'permissionTree', lang] as const,
  users: (q: string, page: number, size: number) => ['customers', 'users', q, page, size] as const,
  types: ['customerTypes'] as const,
  typeTree: ['customerTypes', 'tree'] as const,
  typeList: ['customerTypes', 'flat'] as const,
};

/** The codes GET /customer/check answers for an account that cannot become a new customer (shown on the field). */
export const CHECK_CODES = [
  ERROR_CODES.accountNotRegistered,
  ERROR_CODES.accountOtherCompany,
  ERROR_CODES.agentExists,
  ERROR_CODES.alreadyCompanyCustomer,
];

export const customerApi = {
  list: (q: string, typeId: string, page: number, size: number) =>
    call('GET /customers', { query: { ...(q ? { q } : {}), ...(typeId ? { typeId } : {}), page, size } }),
  role: (customerId: string) => call('GET /role/:customerId', { params: { customerId } }),
  permissionTree: () => call('GET /permission/customer', { query: {} }),
  check: (account: string) => call('GET /customer/check', { query: { account } }, { tolerate: CHECK_CODES }),
  create: async (body: Omit<CustomerCreateInput, 'keyId' | 'password'>, password: string) => {
    const { keyId, passwords } = await encryptPasswords(password);
    return call('POST /customer', { body: { ...body, keyId, password: passwords[0] ?? '' } });
  },
  update: (customerId: string, body: CustomerUpdateInput) =>
    call('POST /customer/:customerId', { params: { customerId }, body }),
  remove: (id: string) => call('DELETE /customers/delete/:id', { params: { id } }),
  plants: (customerId: string, q: string, page: number, size: number) =>
    call('GET /customer/:customerId/plants', { params: { customerId }, query: { ...(q ? { q } : {}), page, size } }),
  assign: (customerId: string, plantIds: string[]) =>
    call('POST /customer/:customerId/plants', { params: { customerId }, body: { plantIds } }),
  typeTree: () => call('GET /customer/types'),
  typeList: () => call('GET /customerTypes'),
  createType: (body: CustomerTypeInput) => call('POST /customerType', { body }),
  updateType: (id: string, body: CustomerTypeInput) => call('POST /customerType/:id', { params: { id }, body }),
  removeType: (id: string) => call('POST /customerType/:id/delete', { params: { id } }),
  users: (q: string, page: number, size: number) =>
    call('GET /customer/users', { query: { ...(q ? { q } : {}), page, size } }),
  setDisabled: (userId: string, disabled: boolean) =>
    call('POST /customer/user/:userId/disable', { params: { userId }, body: { disabled } }),
  resetPassword: async (userId: string, password: string) => {
    const { keyId, passwords } = await encryptPasswords(password);
    return call('POST /customer/user/:userId/pwd', {
      params: { userId },
      body: { keyId, password: passwords[0] ?? '' },
    });
  },
};
