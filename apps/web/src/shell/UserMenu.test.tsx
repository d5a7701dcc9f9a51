// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPermissionTree, ROLE_PERMISSIONS, type BuiltinRole, type UserInfo } from '@heliograph/shared';
import { PERMISSION_KEY } from '../api/auth';
import { renderPage, testQueryClient } from '../testing/render';
import { UserMenu } from './UserMenu';

const COMPANY = { id: 'c1', name: 'Sunrise Energy', themeColor: '#1677ff', logoWide: null, logoSquare: null };

function user(role: BuiltinRole, company: UserInfo['company']): UserInfo {
  return {
    id: 'u1',
    account: `${role}@example.com`,
    nickname: 'Chen Jing',
    email: '',
    phone: '',
    sex: 'unknown',
    avatar: null,
    role,
    roleName: null,
    readOnly: false,
    language: 'en',
    temperatureUnit: 'C',
    company,
    mfaEnabled: false,
    mfaRequired: false,
    registeredAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Opens the account menu of `role` and answers the entries it offers. */
async function entries(role: BuiltinRole, company: UserInfo['company'] = COMPANY): Promise<string[]> {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    PERMISSION_KEY,
    buildPermissionTree(ROLE_PERMISSIONS[role], (k) => k),
  );
  renderPage(<UserMenu user={user(role, company)} readOnly={false} compact={false} />, { queryClient });
  fireEvent.click(screen.getByTestId('user-menu'));
  const items = await screen.findAllByRole('menuitem');
  return items.map((i) => i.textContent ?? '');
}

describe('account menu', () => {
  it('offers a company’s customer and a member without manual rights the company’s manuals', async () => {
    expect(await entries('customer')).toEqual(['Personal settings', 'Alarm notifications', 'Manuals', 'Sign out']);
  });

  it('leaves the entry out for an administrator, who manages manuals in the company menu', async () => {
    expect(await entries('company_admin')).toEqual(['Personal settings', 'Alarm notifications', 'Sign out']);
  });

  it('leaves it out for an account without a company', async () => {
    expect(await entries('platform_admin', null)).toEqual(['Personal settings', 'Alarm notifications', 'Sign out']);
  });
});
