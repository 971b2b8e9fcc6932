/** The search (searcher.ts): what the bots, the hints and the analysis import. */
export { Searcher } from './searcher';
export { MATE_BOUND, WIN } from './scores';
export type { SearchLimits, SearchResult } from './types';
