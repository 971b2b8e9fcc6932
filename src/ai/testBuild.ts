/**
 * A built app in mode test (`vite build --mode test`, what the browser tests run); vitest runs
 * the unit tests' modules in mode test too, unbuilt. It lives in the lowest layer that Vite
 * bundles and every layer above may import (the bots' worker reads it, the scene too). A module
 * run without Vite (tsx: scripts/demoSeeds.ts rehearses shows through the scene's timing) has no
 * `import.meta.env`, and is no test build.
 */
export const TEST_BUILD = import.meta.env?.MODE === 'test' && import.meta.env.PROD;
