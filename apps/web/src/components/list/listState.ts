/**
 * A list's state (page, page size, search, filters, sort) as URL query parameters, so a list survives a
 * reload, a shared link and Back from a detail page. Pure functions: the hook in useListState.ts wires them
 * to react-router, and the unit test checks them without a browser.
 *
 * Parameters: `page`, `size`, `q` (search), `sort` + `order`, and one parameter per filter under its own
 * name. Anything else in the query (a view mode, a tab) is left as it is. Values that are not allowed
 * (a page of "abc", a size of 1000, an unknown status) fall back to the defaults instead of reaching the API.
 */

export type SortOrder = 'asc' | 'desc';

/** What a filter accepts: one of a fixed set of words, a finite number, or any text (trimmed, capped). */
export type FilterRule = readonly string[] | 'number' | 'text';

export interface ListSpec<F extends string = string, S extends string = string> {
  /** Filters by URL parameter name. Names must not clash with page, size, q, sort or order. */
  filters?: Readonly<Record<F, FilterRule>>;
  /** Sortable fields; an empty list means the list has no sort. */
  sorts?: readonly S[];
  defaultSort?: { field: S; order: SortOrder };
  pageSizes?: readonly number[];
  defaultSize?: number;
  /** Longest search text kept (spec §9 input lengths; 64 by default). */
  searchMax?: number;
}

export interface ListState<F extends string = string, S extends string = string> {
  page: number;
  size: number;
  search: string;
  filters: Partial<Record<F, string>>;
  sort: { field: S; order: SortOrder } | null;
}

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SEARCH_MAX = 64;
const TEXT_FILTER_MAX = 64;
/** The parameters the kit owns; everything else in the query belongs to the page. */
export const RESERVED_PARAMS = ['page', 'size', 'q', 'sort', 'order'] as const;

function pageSizes(spec: ListSpec<string, string>): readonly number[] {
  return spec.pageSizes ?? DEFAULT_PAGE_SIZES;
}

function defaultSize(spec: ListSpec<string, string>): number {
  return spec.defaultSize ?? pageSizes(spec)[0] ?? 10;
}

function acceptFilter(rule: FilterRule, raw: string | null): string | undefined {
  if (raw === null) return undefined;
  const value = raw.trim();
  if (!value) return undefined;
  if (rule === 'number') return Number.isFinite(Number(value)) ? String(Number(value)) : undefined;
  if (rule === 'text') return value.slice(0, TEXT_FILTER_MAX);
  return rule.includes(value) ? value : undefined;
}

export function parseListState<F extends string, S extends string>(
  params: URLSearchParams,
  spec: ListSpec<F, S>,
): ListState<F, S> {
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : 1;
  const sizeRaw = Number(params.get('size'));
  const size = pageSizes(spec).includes(sizeRaw) ? sizeRaw : defaultSize(spec);
  const search = (params.get('q') ?? '').trim().slice(0, spec.searchMax ?? DEFAULT_SEARCH_MAX);

  const filters: Partial<Record<F, string>> = {};
  for (const [name, rule] of Object.entries(spec.filters ?? {}) as [F, FilterRule][]) {
    const value = acceptFilter(rule, params.get(name));
    if (value !== undefined) filters[name] = value;
  }

  const sortField = params.get('sort') as S | null;
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const sort = sortField && spec.sorts?.includes(sortField) ? { field: sortField, order } : (spec.defaultSort ?? null);

  return { page, size, search, filters, sort };
}

/**
 * The query for a state: defaults are left out so a plain list has a plain address. `base` keeps the page's
 * own parameters (a view mode, a tab); the kit's parameters and the spec's filters are rewritten.
 */
export function serialiseListState<F extends string, S extends string>(
  state: ListState<F, S>,
  spec: ListSpec<F, S>,
  base?: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const name of [...RESERVED_PARAMS, ...Object.keys(spec.filters ?? {})]) out.delete(name);

  const search = state.search.trim();
  if (search) out.set('q', search);
  for (const [name, value] of Object.entries(state.filters) as [F, string | undefined][]) {
    if (value !== undefined && value !== '') out.set(name, value);
  }
  const isDefaultSort =
    state.sort === null
      ? !spec.defaultSort
      : spec.defaultSort?.field === state.sort.field && spec.defaultSort.order === state.sort.order;
  if (state.sort && !isDefaultSort) {
    out.set('sort', state.sort.field);
    out.set('order', state.sort.order);
  }
  if (state.page > 1) out.set('page', String(state.page));
  if (state.size !== defaultSize(spec)) out.set('size', String(state.size));
  return out;
}

export type ListPatch<F extends string, S extends string> = Partial<
  Omit<ListState<F, S>, 'filters'> & { filters: Partial<Record<F, string | undefined>> }
>;

/**
 * The next state after a change. A new search, filter, sort or page size starts again at page 1 (the old
 * page may not exist any more); only an explicit `page` moves within the same results. Filters merge, and a
 * filter set to undefined or '' is removed.
 */
export function applyListPatch<F extends string, S extends string>(
  state: ListState<F, S>,
  patch: ListPatch<F, S>,
): ListState<F, S> {
  const filters: Partial<Record<F, string>> = { ...state.filters };
  for (const [name, value] of Object.entries(patch.filters ?? {}) as [F, string | undefined][]) {
    if (value === undefined || value === '') delete filters[name];
    else filters[name] = value;
  }
  const narrows =
    patch.search !== undefined || patch.filters !== undefined || patch.sort !== undefined || patch.size !== undefined;
  return {
    page: patch.page ?? (narrows ? 1 : state.page),
    size: patch.size ?? state.size,
    search: patch.search ?? state.search,
    filters,
    sort: patch.sort === undefined ? state.sort : patch.sort,
  };
}

/** Whether the user has narrowed the list (search or any filter), e.g. to tell "no match" from "none yet". */
export function isNarrowed(state: ListState<string, string>): boolean {
  return state.search !== '' || Object.values(state.filters).some((v) => v !== undefined && v !== '');
}
