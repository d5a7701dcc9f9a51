import type { UserInfo } from '@heliograph/shared';
import { USER_INFO_KEY } from '../../api/auth';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';

/** What every tab of the personal settings is given. */
export interface AccountTabProps {
  user: UserInfo;
  readOnly: boolean;
}

/** The user the server answered a save with replaces the cached one (the shell's header reads it). */
export function storeUserInfo(info: UserInfo): void {
  queryClient.setQueryData(USER_INFO_KEY, info);
  session.setUserInfo(info);
}
