import type { PermissionNode, UserInfo } from '@heliograph/shared';
import { call } from './call';
import { LOGIN_PATH } from './client';
import { session } from './session';

export const USER_INFO_KEY = ['userInfo'] as const;
export const PERMISSION_KEY = ['permission'] as const;
export const MESSAGE_COUNT_KEY = ['messageCount'] as const;

/** GET /api/v1/user. The shell ignores its failures (spec §8). */
export async function fetchUserInfo(): Promise<UserInfo> {
  const info = await call('GET /user', {}, { silent: true });
  session.setUserInfo(info);
  return info;
}

/** GET /api/v1/permission: the caller's permission tree, names already translated (spec §6). */
export function fetchPermissionTree(): Promise<PermissionNode[]> {
  return call('GET /permission', {}, { silent: true });
}

export async function fetchMessageCount(): Promise<number> {
  const data = await call('GET /messageTd/count', {}, { silent: true });
  return typeof data?.count === 'number' ? data.count : 0;
}

/**
 * Sign out: forget the stored user first, so that no request still on its way (a token refresh above all)
 * can sign the visitor back in, then revoke the sign-in (its failure is ignored) and reload to sign-in.
 */
export async function signOut(): Promise<void> {
  const refreshToken = session.getToken()?.refresh_token;
  session.clear();
  if (refreshToken) {
    try {
      await call('POST /oauth/token/revoke', { body: { refresh_token: refreshToken } }, { quiet: true });
    } catch {
      // ignored: the local session ends either way
    }
  }
  window.location.replace(LOGIN_PATH);
}
