import { ROLE_PERMISSIONS } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { customerType } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { insertCustomer } from '../customers/store.js';

/** The demo customer's sign-in account (its role is its own permission list). */
export const DEMO_CUSTOMER_ACCOUNT = 'customer@sunrise.example';

/**
 * The demo company's customer types (Residential; Commercial with the sub-type Retail) and one customer,
 * a retail business that signs in as customer@sunrise.example with the customer role's full list. The demo
 * fleet gives it a few plants (fleet.ts).
 */
export async function seedDemoCustomers(db: Db, companyId: string, password: string): Promise<void> {
  await db.insert(customerType).values({ companyId, name: 'Residential', remark: 'Homes with rooftop systems' });
  const [commercial] = await db
    .insert(customerType)
    .values({ companyId, name: 'Commercial', remark: 'Businesses and public buildings' })
    .returning({ id: customerType.id });
  const [retail] = await db
    .insert(customerType)
    .values({ companyId, parentId: commercial?.id ?? null, name: 'Retail', remark: 'Shops and supermarkets' })
    .returning({ id: customerType.id });
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) =>
    insertCustomer(tx, {
      companyId,
      account: DEMO_CUSTOMER_ACCOUNT,
      passwordHash,
      permissions: ROLE_PERMISSIONS.customer,
      fields: {
        name: 'Bright Bakery',
        contactName: 'Chen Jing',
        phone: '+49 30 7654321',
        email: 'office@brightbakery.example',
        address: 'Backstraße 5, 10117 Berlin',
        remark: 'Three shops with rooftop systems',
        typeId: retail?.id ?? null,
      },
    }),
  );
}
