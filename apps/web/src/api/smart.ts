import { call } from './call';

/**
 * Smart energy (issue 17): a plant's prices for a day with the cheapest and dearest periods, and the
 * optimiser's plan beside what happened (packages/shared/src/contracts/smart.ts).
 */
export const smartApi = {
  priceDay: (plantId: string, day: string) => call('GET /smart/realtimePrice/day', { query: { plantId, day } }),
  plan: (plantId: string) => call('GET /smart/plan/:id', { params: { id: plantId } }),
};

/** Under ['plant', id] with the plant's other figures, so the overview's live refresh refetches them too. */
export const smartKeys = {
  priceDay: (plantId: string, day: string) => ['plant', plantId, 'prices', day] as const,
  plan: (plantId: string) => ['plant', plantId, 'plan'] as const,
};
