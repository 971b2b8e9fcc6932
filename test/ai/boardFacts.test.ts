/**
 * The evaluation remembers each board's facts by its contents (src/ai/boardFacts.ts): its
 * values, and therefore the searches, are exactly those of the reference evaluation that
 * analyses every board at every call (test/ai/evalReference.ts, the evaluation as it was),
 * collapsing boards (whose pieces are scaled piece by piece) included.
 */
import { describe, expect, it } from 'vitest';
import { ELIMINATED, OVER, parseAction, play, type Options, type Position } from '../../src/core';
import { Evaluator, boardScale } from '../../src/ai/eval';
import { ReferenceEvaluator } from './evalReference';
import { Searcher } from '../../src/ai/search';
import { newGame } from './helpers';
import { FACTS_GAMES } from '../fixtures/factsGames';

/**
 * Positions of the recorded game of `seed` (test/fixtures/factsGames.ts: played by level 1),
 * every `every` actions.
 */
function positions(
  n: number,
  seed: string,
  actions: number,
  every: number,
  options: Partial<Options> = {},
): Position[] {
  // The rules as written (Quiet shifts off, R9.7): their early mates and eliminations bring
  // the boards with scaled values these tests need.
  const pos = newGame(n, seed, { quiet: false, ...options }).position.clone();
  const recorded = FACTS_GAMES[seed].trim().split(/\s+/);
  const out: Position[] = [];
  for (let i = 0; i < actions && i < recorded.length; i++) {
    const action = parseAction(pos, recorded[i]);
    if (!action.ok) throw new Error(`${seed} action ${i}: ${action.error.message}`);
    play(pos, action.value);
    pos.commit();
    if (i % every === 0) out.push(pos.clone());
  }
  return out;
}

/** Whether a live board of the position has its pieces' values scaled down. */
function scaled(pos: Position): boolean {
  for (let b = 0; b < pos.nb; b++) if (pos.live[b] && boardScale(pos, b) < 16) return true;
  return false;
}

describe('remembered board facts', () => {
  // The last column: whether the game reaches boards with scaled values (an eliminated
  // owner's board), where rounding piece by piece or on the total would differ.
  it.each([
    [3, {}, false],
    [5, {}, true],
    [8, {}, true],
    [3, { collapse: true, scavenger: true }, false],
    [5, { collapse: true, cowardly: true }, false],
    [8, { collapse: true, hyperspace: true }, true],
  ] as [number, Partial<Options>, boolean][])(
    'give exactly the reference evaluation (%i players, options %j)',
    (n, options, withScaledBoards) => {
      const remembered = new Evaluator();
      const reference = new ReferenceEvaluator();
      let compared = 0;
      let onScaledBoards = 0;
      // Placement and play, eliminations included; the remembering evaluator sees the
      // positions in game order, so most of its boards come from its table.
      const seed = `facts-${n}-${Object.keys(options).join('-')}`;
      for (const pos of positions(n, seed, 60 * n, 3, options)) {
        if (pos.phase === OVER) continue;
        for (let me = 0; me < n; me++) {
          if (pos.status[me] === ELIMINATED) continue;
          expect(remembered.evaluate(pos, me)).toBe(reference.evaluate(pos, me));
          compared++;
          if (scaled(pos)) onScaledBoards++;
        }
      }
      expect(compared).toBeGreaterThan(20 * n);
      if (withScaledBoards) expect(onScaledBoards).toBeGreaterThan(10);
    },
  );

  it('leave searches unchanged: same move, score and nodes (8 players)', () => {
    const limits = { maxDepth: 8, nodes: 2_000, timeMs: Infinity };
    const remembered = new Searcher();
    const reference = new Searcher(new ReferenceEvaluator());
    for (const pos of positions(8, 'facts-search', 200, 60)) {
      if (pos.phase === OVER) continue;
      const a = remembered.search(pos, limits);
      const b = reference.search(pos, limits);
      expect([a.action, a.score, a.nodes]).toEqual([b.action, b.score, b.nodes]);
    }
  });
});
