import { useEffect, useState } from 'react';
import { session } from '../../api/session';

/**
 * The plant picture as an object URL: GET /plant/{id}/picture needs the Bearer token, which an <img src>
 * cannot send. Null while loading, when there is none, or when it cannot be read (the field then shows the
 * empty frame; nothing else depends on it).
 */
export function usePictureUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let made: string | null = null;
    const token = session.getToken()?.access_token;
    void fetch(path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) return;
        made = URL.createObjectURL(await res.blob());
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}
