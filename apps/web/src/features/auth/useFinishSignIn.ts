import type { TokenPair } from '@heliograph/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchUserInfo, USER_INFO_KEY } from '../../api/auth';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { safeRedirect } from '../../kit/guard';

/**
 * What every way of signing in ends with (password, password + second factor, scan code): keep the token
 * pair, forget the previous caller's cached answers, load the user and go where the visitor wanted to go.
 */
export function useFinishSignIn(): (pair: TokenPair) => Promise<void> {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (pair) => {
    session.setToken(pair);
    queryClient.clear();
    await queryClient.fetchQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo }).catch(() => null);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
