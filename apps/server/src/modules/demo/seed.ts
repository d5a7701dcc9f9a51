import { randomInt } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { isValidPassword, type BuiltinRole } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, company } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { syncBuiltinRoles } from '../permissions/builtin-roles.js';
import { DEMO_CUSTOMER_ACCOUNT, seedDemoCustomers } from './customers.js';
import { DATABASE_FILES, type FileStore } from '../files/store.js';
import { seedDemoFirmware } from './firmware.js';
import { seedDemoVersions } from './versions.js';

export interface DemoAccount {
  role: BuiltinRole;
  account: string;
  password: string;
}

export const DEMO_COMPANY = 'Sunrise Energy';

const DEMO_USERS: { role: BuiltinRole; account: string; nickname: string; inCompany: boolean }[] = [
  { role: 'platform_admin', account: 'platform@heliograph.example', nickname: 'Platform Admin', inCompany: false },
  // The platform operator's support staff (spec §6): reads every company's plants, changes nothing.
  { role: 'internal_employee', account: 'internal@heliograph.example', nickname: 'Ines Moreau', inCompany: false },
  { role: 'company_admin', account: 'admin@sunrise.example', nickname: 'Amira Haddad', inCompany: true },
  { role: 'company_staff', account: 'staff@sunrise.example', nickname: 'Lukas Weber', inCompany: true },
  { role: 'installer', account: 'installer@sunrise.example', nickname: 'Nguyen Van An', inCompany: true },
  { role: 'plant_owner', account: 'owner@sunrise.example', nickname: 'Sofia Martins', inCompany: true },
  { role: 'visitor', account: 'visitor@sunrise.example', nickname: 'Piotr Nowak', inCompany: true },
];

// No 0/O, 1/l/I: the passwords are read off a terminal and typed by hand.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGIT = '23456789';

export function generatePassword(length = 14): string {
  const all = UPPER + LOWER + DIGIT;
  const pick = (set: string) => set[randomInt(set.length)] ?? 'x';
  const chars = [pick(UPPER), pick(LOWER), pick(DIGIT)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  const out = chars.join('');
  return isValidPassword(out) ? out : generatePassword(length);
}

/**
 * On the first start (no users at all) creates the demo company and one account per role, with generated
 * passwords (or DEMO_PASSWORD), and writes them to DATA_DIR/demo-accounts.json readable by the owner only.
 * Returns the accounts when it created them, undefined when the database already had users.
 */
export async function seedDemo(
  db: Db,
  opts: { dataDir: string; demoPassword?: string | undefined; files?: FileStore },
): Promise<DemoAccount[] | undefined> {
  const [existing] = await db.select({ n: count() }).from(appUser);
  if ((existing?.n ?? 0) > 0) return undefined;
  const roleIds = await syncBuiltinRoles(db);
  const [demo] = await db
    .insert(company)
    .values({
      name: DEMO_COMPANY,
      contactName: 'Amira Haddad',
      email: 'admin@sunrise.example',
      phone: '+49 30 1234567',
      address: 'Solarweg 1, 10115 Berlin',
    })
    .onConflictDoNothing()
    .returning({ id: company.id });
  const accounts: DemoAccount[] = [];
  let platformAdminId: string | null = null;
  for (const u of DEMO_USERS) {
    const password = opts.demoPassword ?? generatePassword();
    const [user] = await db
      .insert(appUser)
      .values({
        account: u.account,
        email: u.account,
        nickname: u.nickname,
        roleId: roleIds[u.role],
        companyId: u.inCompany ? (demo?.id ?? null) : null,
        passwordHash: await hashPassword(password),
      })
      .returning({ id: appUser.id });
    if (u.role === 'platform_admin') platformAdminId = user?.id ?? null;
    accounts.push({ role: u.role, account: u.account, password });
  }
  if (demo) {
    const password = opts.demoPassword ?? generatePassword();
    await seedDemoCustomers(db, demo.id, password);
    accounts.push({ role: 'customer', account: DEMO_CUSTOMER_ACCOUNT, password });
    await seedDemoFirmware(db, opts.files ?? DATABASE_FILES, { companyId: demo.id, platformAdminId });
  }
  await seedDemoVersions(db, { platformAdminId });
  await mkdir(opts.dataDir, { recursive: true });
  const file = demoAccountsFile(opts.dataDir);
  await writeFile(file, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return accounts;
}

export function demoAccountsFile(dataDir: string): string {
  return path.join(dataDir, 'demo-accounts.json');
}
