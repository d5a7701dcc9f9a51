import type { PlantEvent } from '@heliograph/shared';

const LEVEL_RANK: Record<string, number> = { fault: 0, warning: 1, info: 2 };

/**
 * Recent events as the overview lists them: open ones first (most severe, then newest), then cleared ones
 * newest first, each once, at most `limit`.
 */
export function orderEvents(open: readonly PlantEvent[], recent: readonly PlantEvent[], limit: number): PlantEvent[] {
  const seen = new Set<string>();
  const unique = [...open, ...recent].filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  const isOpen = (e: PlantEvent) => e.clearedAt === null;
  return unique
    .sort(
      (a, b) =>
        Number(isOpen(b)) - Number(isOpen(a)) ||
        (isOpen(a) ? (LEVEL_RANK[a.level] ?? 3) - (LEVEL_RANK[b.level] ?? 3) : 0) ||
        b.raisedAt - a.raisedAt,
    )
    .slice(0, limit);
}
