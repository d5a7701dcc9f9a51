import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, kept current (read synchronously, so the first paint is right). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: below 768 px the side menu becomes a drawer (spec brief). */
export const PHONE_QUERY = '(max-width: 767.98px)';
