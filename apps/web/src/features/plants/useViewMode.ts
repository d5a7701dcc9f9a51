import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PHONE_QUERY, useMediaQuery } from '../../kit/useMediaQuery';

export const VIEW_MODES = ['table', 'cards', 'map'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

const STORAGE_KEY = 'hg.plants.view';

function remembered(): ViewMode | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return (VIEW_MODES as readonly string[]).includes(v ?? '') ? (v as ViewMode) : null;
  } catch {
    return null;
  }
}

/**
 * Table, cards or map. The address says which (so Back returns to the map), the last choice is remembered
 * for the next visit, and a phone starts with cards: a seven-column table does not fit 390 px.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [params, setParams] = useSearchParams();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const fromUrl = params.get('view');
  const stored = remembered();
  const fallback: ViewMode = isPhone ? (stored === 'map' ? 'map' : 'cards') : (stored ?? 'table');
  const mode = (VIEW_MODES as readonly string[]).includes(fromUrl ?? '') ? (fromUrl as ViewMode) : fallback;

  const setMode = useCallback(
    (next: ViewMode) => {
      try {
        localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Private mode: the choice still holds for this visit through the address.
      }
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          out.set('view', next);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [mode, setMode];
}
