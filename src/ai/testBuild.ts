/**
 * A built app in mode test (`vite build --mode test`, what the browser tests run); vitest runs
 * the unit tests' modules in mode test too, unbuilt. Only for modules Vite bundles: the server
 * runs its modules without `import.meta.env`.
 */
export const TEST_BUILD = import.meta.env.MODE === 'test' && import.meta.env.PROD;
