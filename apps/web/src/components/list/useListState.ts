import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListPatch,
  isNarrowed,
  parseListState,
  serialiseListState,
  type ListPatch,
  type ListSpec,
  type ListState,
} from './listState';

export interface ListStateApi<F extends string, S extends string> {
  state: ListState<F, S>;
  /** Changes the list; search, filter, sort and size changes go back to page 1. */
  update: (patch: ListPatch<F, S>) => void;
  /** Clears search and filters, keeps sort and page size. */
  reset: () => void;
  narrowed: boolean;
}

/**
 * List state kept in the address (see listState.ts). Declare the spec outside the component (or memoise it):
 * it is read on every render. Changes replace the history entry, so Back leaves the list instead of stepping
 * through every keystroke, while a reload or Back from a detail page restores the same view.
 */
export function useListState<F extends string, S extends string>(spec: ListSpec<F, S>): ListStateApi<F, S> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, spec), [params, spec]);

  const update = useCallback(
    (patch: ListPatch<F, S>) => {
      setParams((current) => serialiseListState(applyListPatch(parseListState(current, spec), patch), spec, current), {
        replace: true,
      });
    },
    [setParams, spec],
  );

  const reset = useCallback(() => {
    setParams(
      (current) => {
        const now = parseListState(current, spec);
        return serialiseListState({ ...now, page: 1, search: '', filters: {} }, spec, current);
      },
      { replace: true },
    );
  }, [setParams, spec]);

  return { state, update, reset, narrowed: isNarrowed(state) };
}
