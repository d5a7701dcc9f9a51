/**
 * How long a gateway waits before its next attempt to connect: the base wait doubled with every failed
 * attempt, up to eight times the base, each wait drawn at random between half and one and a half times that.
 * A whole fleet that lost its broker at the same instant thus comes back spread out instead of in lockstep,
 * and a gateway the broker keeps refusing asks less and less often (as real gateways must: a broker or a
 * server restarting under ten thousand of them is the moment it can least afford a synchronised stampede).
 */
export function reconnectDelay(failedAttempts: number, baseMs: number, random: () => number = Math.random): number {
  const nominal = baseMs * 2 ** Math.min(Math.max(0, failedAttempts), 3);
  return Math.round(nominal * (0.5 + random()));
}
