import { useEffect, useState } from 'react';
import { refreshAccessToken } from '../../api/client';
import { session } from '../../api/session';

/**
 * An avatar as an object URL: GET /user/{id}/avatar needs the Bearer token, which an <img src> cannot send
 * (an expired token is refreshed once, as the API client does). Null while loading, when there is none or
 * when it cannot be read (the initials show instead).
 */
export function useAvatarUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let made: string | null = null;
    const get = (token: string | undefined) =>
      fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal });
    void (async () => {
      const token = session.getToken()?.access_token;
      let res = await get(token);
      if (res.status === 401 && token) {
        const fresh = await refreshAccessToken(token);
        if (fresh) res = await get(fresh);
      }
      if (!res.ok) return;
      made = URL.createObjectURL(await res.blob());
      setUrl(made);
    })().catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}
