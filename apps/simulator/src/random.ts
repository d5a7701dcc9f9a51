/**
 * The simulator's seeded randomness lives in packages/shared (random.ts) since the server's simulated price
 * market draws from it too, and the server runs without the simulator installed.
 */
export { fractalNoise, hash32, Rng, unit, valueNoise } from '@heliograph/shared';
