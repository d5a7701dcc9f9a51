import { toWireLang } from '@heliograph/shared';
import { ApiError, refreshAccessToken, type QueryValue } from '../../api/client';
import { notifier } from '../../api/notifier';
import { session } from '../../api/session';

/** The content type of the .xlsx files the server builds. */
export const XLSX_TYPE = 'spreadsheetml';

export interface DownloadOptions {
  /** The file name when the server gives none. */
  fallbackName: string;
  /** Query parameters (a list's filters); empty ones are left out, the language is always sent. */
  query?: Record<string, QueryValue>;
  /** What the answer's content type must contain to be the file; without it, anything but a JSON envelope. */
  accept?: string;
}

/**
 * Downloads a file a route serves behind the bearer token (an .xlsx export or template, a company manual),
 * refreshing the token once on 401 as the API client does, and hands it to the browser as a file. A failure
 * the server explains (a JSON envelope instead of the file, e.g. the manual was deleted meanwhile) is shown
 * like any other API error and rejects with an ApiError already told to the person.
 */
export async function downloadFile(path: string, { fallbackName, query = {}, accept }: DownloadOptions): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  params.set('lan', toWireLang(session.getLanguage()));
  const url = `${path}?${params.toString()}`;
  const get = (token: string | undefined) =>
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });

  const token = session.getToken()?.access_token;
  let res = await get(token);
  if (res.status === 401 && token) {
    const fresh = await refreshAccessToken(token);
    if (fresh) res = await get(fresh);
  }
  const type = res.headers.get('content-type') ?? '';
  const isFile = accept ? type.includes(accept) : !type.includes('application/json');
  if (!res.ok || !isFile) {
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

/** Hands a file the server answered to the browser, under the name the server gave it (or the fallback). */
export async function saveAnsweredFile(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
