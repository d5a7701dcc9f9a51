import { useMatches } from 'react-router';
import type { RouteHandle } from './routeTable';

/** The title key of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = (matches[i]?.handle as RouteHandle | undefined)?.titleKey;
    if (key) return key;
  }
  return undefined;
}
