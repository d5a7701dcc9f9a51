import dayjs from 'dayjs';
import { toWireLang } from '@heliograph/shared';
import { ApiError, refreshAccessToken } from '../../api/client';
import { notifier } from '../../api/notifier';
import { session } from '../../api/session';
import { saveAnsweredFile } from '../device-common/downloadXlsx';

/** A file size in B, KB or MB (one decimal). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A moment in the viewer's own time zone, as spec §9 writes dates (YYYY-MM-DD HH:mm:ss). */
export function formatTime(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
}

/**
 * Downloads a file a route serves behind the Bearer token (a manual), refreshing the token once on 401 as
 * the API client does. An envelope instead of a file (the manual was deleted meanwhile) is told as a toast.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const full = `${url}?lan=${toWireLang(session.getLanguage())}`;
  const get = (token: string | undefined) =>
    fetch(full, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  const token = session.getToken()?.access_token;
  let res = await get(token);
  if (res.status === 401 && token) {
    const fresh = await refreshAccessToken(token);
    if (fresh) res = await get(fresh);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let msg = res.statusText;
    let code = res.status;
    try {
      const env = (await res.json()) as { code: number; msg: string };
      msg = env.msg;
      code = env.code;
    } catch {
      // Not an envelope: keep the HTTP status text.
    }
    notifier().error(msg);
    throw new ApiError(code, msg, null, res.status, true);
  }
  await saveAnsweredFile(res, fallbackName);
}
