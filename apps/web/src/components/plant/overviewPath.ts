import { PLANT_TYPE_ROUTE, type PlantType } from '@heliograph/shared';

/** The overview route of spec §2.2: plants/overview/{id}/{type}, type as its route number. */
export function overviewPath(plant: { id: string; type: PlantType }): string {
  return `/plants/overview/${encodeURIComponent(plant.id)}/${PLANT_TYPE_ROUTE[plant.type] ?? 1}`;
}
