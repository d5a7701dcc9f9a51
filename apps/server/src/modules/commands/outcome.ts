/** The answer of every route that sends a command (its contract lives in packages/shared). */
export { commandOutcome } from '@heliograph/shared';
