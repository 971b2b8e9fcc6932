/** Seeded random choices for the command line (playouts, benchmarks): the core's generator. */
export { createRng as seededRandom } from '../core';

/** A uniformly chosen element of a non-empty list. */
export function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}
