import { DEFAULT_VALUATION } from '../modules/plants/provision.js';

/** A plain grid-connected Berlin plant: the fields API tests give provisionPlant when only devices matter. */
export const TEST_PLANT_FIELDS = {
  type: 'grid' as const,
  inverterKind: 'string' as const,
  capacityKw: 10,
  commissionedOn: '2025-01-01',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  latitude: 52.5,
  longitude: 13.4,
  address: 'Berlin',
  valuation: DEFAULT_VALUATION,
};
