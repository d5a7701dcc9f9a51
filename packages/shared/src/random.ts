/**
 * Seeded randomness. Every figure the simulator invents comes from here, keyed by what it describes (a plant,
 * a day, a device), so the same fleet seed gives the same fleet, the same weather and the same readings on
 * every machine and in every run, whatever order things are computed in.
 */

/**
 * A 32-bit hash of the parts: integers are mixed in directly (the hot path: noise lattice points, day
 * numbers), anything else through FNV-1a over its text; a murmur3 finaliser spreads nearby keys.
 */
export function hash32(...parts: readonly (string | number)[]): number {
  let h = SEED;
  for (const part of parts) {
    if (typeof part === 'number' && Number.isSafeInteger(part)) {
      h = mixWord(h, part >>> 0);
      h = mixWord(h, Math.floor(part / 0x1_0000_0000) >>> 0);
    } else {
      const text = String(part);
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      h = mixWord(h, text.length);
    }
  }
  return finalise(h);
}

const SEED = 0x811c9dc5;

/** hash32(seed, n) for two integers without the rest-argument array: the noise functions' hot path. */
function hashInts(seed: number, n: number): number {
  let h = mixWord(SEED, seed >>> 0);
  h = mixWord(h, Math.floor(seed / 0x1_0000_0000) >>> 0);
  h = mixWord(h, n >>> 0);
  h = mixWord(h, Math.floor(n / 0x1_0000_0000) >>> 0);
  return finalise(h);
}

function finalise(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One murmur3 round: folds a 32-bit word into the running hash. */
function mixWord(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** A number in [0, 1) determined by the parts alone: for one-off draws such as "the weather of this day". */
export function unit(...parts: readonly (string | number)[]): number {
  return hash32(...parts) / 0x1_0000_0000;
}

/** A sequence of draws from one seed (mulberry32: tiny, fast, and good enough for simulated plants). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/**
 * Smooth noise in [0, 1) along x: values drawn at whole x and blended with a smoothstep, so it is continuous
 * (clouds drift, loads wander) and can be read at any x without stepping through the ones before it.
 */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = hashInts(seed, i) / 0x1_0000_0000;
  const b = hashInts(seed, i + 1) / 0x1_0000_0000;
  const s = f * f * (3 - 2 * f);
  return a + (b - a) * s;
}

/** Two octaves of valueNoise, still in [0, 1): slow swings with faster wobble on top. */
export function fractalNoise(seed: number, x: number): number {
  return (2 * valueNoise(seed, x) + valueNoise(seed ^ 0x9e3779b9, 2.7 * x)) / 3;
}
