import {
  DEVICE_STATUSES,
  PLANT_GROUPS,
  PLANT_LIST_PAGE_SIZES,
  PLANT_SORTS,
  PLANT_TYPES,
  type PlantGroup,
  type PlantSort,
  type PlantFilter,
  type PlantListQuery,
} from '@heliograph/shared';
import type { ListSpec, ListState } from '../../components/list';

export type PlantFilterName = 'status' | 'type' | 'capMin' | 'capMax' | 'group';

/** The plant list's URL: ?q=…&status=fault&type=grid&capMin=10&capMax=500&group=mine&sort=power&order=desc&page=2 */
export const PLANT_LIST_SPEC: ListSpec<PlantFilterName, PlantSort> = {
  filters: {
    status: DEVICE_STATUSES,
    type: PLANT_TYPES,
    capMin: 'number',
    capMax: 'number',
    group: PLANT_GROUPS.filter((g) => g !== 'all'),
  },
  sorts: PLANT_SORTS,
  pageSizes: PLANT_LIST_PAGE_SIZES,
  defaultSize: 10,
};

const asNumber = (v: string | undefined): number | undefined =>
  v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);

/** The filters as the API's words (the map uses these without page and sort). */
export function filterQuery(state: ListState<PlantFilterName, PlantSort>): PlantFilter {
  const f = state.filters;
  const q: PlantFilter = {};
  if (state.search) q.keyword = state.search;
  if (f.status) q.status = f.status as PlantFilter['status'];
  if (f.type) q.type = f.type as PlantFilter['type'];
  const min = asNumber(f.capMin);
  const max = asNumber(f.capMax);
  if (min !== undefined) q.capacityMin = min;
  if (max !== undefined) q.capacityMax = max;
  if (f.group) q.group = f.group as PlantGroup;
  return q;
}

export function listQuery(state: ListState<PlantFilterName, PlantSort>): PlantListQuery {
  return {
    ...filterQuery(state),
    page: state.page,
    size: state.size,
    ...(state.sort ? { sort: state.sort.field, order: state.sort.order } : {}),
  };
}
