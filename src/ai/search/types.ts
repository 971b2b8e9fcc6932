/** What a search is asked (its limits) and what it answers. */

export interface SearchLimits {
  /** Deepest iteration (plies: one per action of mine, one per opponent layer). */
  maxDepth: number;
  /** Node budget (moves made, quiescence included): the deterministic limit. */
  nodes: number;
  /** Safety cap in milliseconds (machine-dependent; far above the calibrated time). */
  timeMs: number;
  /** Search every root move with a full window, so that every root score is exact. */
  exactRoot?: boolean;
  /**
   * A time target (in the game, not in tests or matches: the result then depends on the
   * machine). After each completed iteration the search goes deeper only while it has used
   * less than half the target, or less than the whole target when its best move changed in
   * that iteration (an unsettled position deserves more time). `timeMs` still caps it.
   */
  targetMs?: number;
  /**
   * My forced capture of a king I mated (R6.3) does not count as a ply: the opponents' layer
   * after it, where the tempo I lost is punished, stays within the search's depth.
   */
  extendForcedCapture?: boolean;
  /**
   * When the opponents' very next moves can mate me after every move I have (lost, if they
   * cooperate and see it), weigh each move's exposure to those mates (leastExposed.ts) against its
   * score, among the moves the search does not see mated: real opponents miss some mates, never a
   * mate in one of their own. Without it the search plays the best move of a search blind to those
   * mates: of depth 1 (material only) when even single opponents mate every move, of the search
   * without combined attacks otherwise.
   */
  leastExposed?: boolean;
}

export interface SearchResult {
  action: number;
  score: number;
  /** Deepest completed iteration. */
  depth: number;
  nodes: number;
  ms: number;
  /** Root actions and their scores from the last completed iteration (exact with exactRoot). */
  root: { action: number; score: number }[];
  /** Whether the safety cap stopped the search (the result may then vary between machines). */
  timedOut: boolean;
}
