import { z } from 'zod';
import { PERMISSION_KEYS, type PermissionKey } from '../permissions.js';
import { LIMITS } from '../rules.js';
import { emptyAnswer } from './empty.js';
import { permissionNode } from './misc.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Customers, their sign-in accounts and customer types (spec §2.2 customer/list, customer/user,
 * customer/type; §7 "Customers and permissions"). A customer belongs to a company, may have a type (a tree
 * per company) and signs in with exactly one account whose role is the customer's own permission list.
 */

const permissionKey = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);
const text = (max: number) => z.string().trim().max(max);

/** A customer type as the flat list (selects) and the type page show it. */
export const customerTypeRow = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  remark: z.string(),
  /** How many customers have this type (deleting the type leaves them without one). */
  customers: z.number().int(),
  createdAt: z.number(),
});
export type CustomerTypeRow = z.infer<typeof customerTypeRow>;

export interface CustomerTypeNode extends CustomerTypeRow {
  children: CustomerTypeNode[];
}
export const customerTypeNode: z.ZodType<CustomerTypeNode> = z.lazy(() =>
  customerTypeRow.extend({ children: z.array(customerTypeNode) }),
);

export const customerTypeBody = z.object({
  name: text(64).min(1),
  /** The type it is a sub-type of; null or absent for a top-level type. */
  parentId: z.uuid().nullable().default(null),
  remark: text(500).default(''),
});
export type CustomerTypeInput = z.input<typeof customerTypeBody>;

/** One customer in the list. */
export const customerRow = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  remark: z.string(),
  typeId: z.string().nullable(),
  typeName: z.string().nullable(),
  /** The account that signs in. */
  userId: z.string(),
  account: z.string(),
  disabled: z.boolean(),
  /** Plants of the company this customer owns. */
  plants: z.number().int(),
  createdAt: z.number(),
});
export type CustomerRow = z.infer<typeof customerRow>;

const customerFields = {
  name: text(64).min(1),
  contactName: text(64).default(''),
  phone: text(32).default(''),
  email: text(LIMITS.emailMax).default(''),
  address: text(200).default(''),
  remark: text(500).default(''),
  typeId: z.uuid().nullable().default(null),
  /** The customer's own permission list: keys of the tree GET /permission/customer answers. */
  permissions: z.array(permissionKey).max(PERMISSION_KEYS.length),
};

export const customerUpdateBody = z.object(customerFields);
export type CustomerUpdateInput = z.input<typeof customerUpdateBody>;

export const customerCreateBody = z.object({
  ...customerFields,
  /** The sign-in account, an e-mail address; it must not be an account yet (GET /customer/check). */
  account: z.string().trim().min(1).max(LIMITS.emailMax),
  /** The initial password, RSA-encrypted with the key of keyId (GET /anonymous/publicKey). */
  keyId: z.string().max(64),
  password: z.string().min(1).max(1024),
});
export type CustomerCreateInput = z.input<typeof customerCreateBody>;

/** A customer's sign-in account as the customer users page lists it. */
export const customerUserRow = z.object({
  userId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  account: z.string(),
  nickname: z.string(),
  disabled: z.boolean(),
  /** When it last signed in; null if never. */
  lastSignIn: z.number().nullable(),
  createdAt: z.number(),
});
export type CustomerUserRow = z.infer<typeof customerUserRow>;

/** A plant of the company as the customer's plant picker shows it. */
export const customerPlantRow = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  capacityKw: z.number(),
  /** Owned by this customer already. */
  assigned: z.boolean(),
});
export type CustomerPlantRow = z.infer<typeof customerPlantRow>;

export const customerContracts = contracts({
  'GET /customers': {
    query: z.object({ q: z.string().max(64).optional(), typeId: z.uuid().optional(), ...pageQuery }),
    answer: pageOf(customerRow),
  },
  /** The customer's own permission list. */
  'GET /role/:customerId': { answer: z.object({ roleId: z.string(), permissions: z.array(permissionKey) }) },
  'POST /customer': { body: customerCreateBody, answer: customerRow },
  'POST /customer/:customerId': { body: customerUpdateBody, answer: customerRow },
  /** Whether an account may become a new customer: 0 when it is free, else 105, 106 or "already a customer". */
  'GET /customer/check': {
    query: z.object({ account: z.string().trim().min(1).max(LIMITS.emailMax) }),
    answer: emptyAnswer,
  },
  'DELETE /customers/delete/:id': { answer: emptyAnswer },
  /** Plants a customer may be given: the company's without an owner, or owned by one of its customers. */
  'GET /customer/:customerId/plants': {
    query: z.object({ q: z.string().max(64).optional(), ...pageQuery }),
    /** `assigned`: the ids of every plant the customer owns, whatever the page (the picker starts from them). */
    answer: pageOf(customerPlantRow).extend({ assigned: z.array(z.string()) }),
  },
  /** Gives the customer these plants and takes back the ones left out (their owner is cleared). */
  'POST /customer/:customerId/plants': {
    body: z.object({ plantIds: z.array(z.uuid()).max(1000) }),
    answer: emptyAnswer,
  },
  /** The tree of permissions a customer may be given, titled in the caller's language. */
  'GET /permission/customer': {
    query: z.object({ lan: z.string().max(16).optional() }),
    answer: z.array(permissionNode),
  },
  'GET /customer/types': { answer: z.array(customerTypeNode) },
  'GET /customerTypes': { answer: z.array(customerTypeRow) },
  'GET /customerType/:id': { answer: customerTypeRow },
  'POST /customerType': { body: customerTypeBody, answer: customerTypeRow },
  'POST /customerType/:id': { body: customerTypeBody, answer: customerTypeRow },
  'POST /customerType/:id/delete': { answer: emptyAnswer },
  /** The customers' sign-in accounts (customer/user). */
  'GET /customer/users': {
    query: z.object({ q: z.string().max(64).optional(), ...pageQuery }),
    answer: pageOf(customerUserRow),
  },
  'POST /customer/user/:userId/disable': {
    body: z.object({ disabled: z.boolean() }),
    answer: emptyAnswer,
  },
  /** The company sets a new password (RSA-encrypted); the account is signed out everywhere. */
  'POST /customer/user/:userId/pwd': {
    body: z.object({ keyId: z.string().max(64), password: z.string().min(1).max(1024) }),
    answer: emptyAnswer,
  },
});
