/**
 * Long random playouts with every invariant checked after every action (src/cli/invariants.ts),
 * one game per player count and seed: seed "a" in the unit lane (playout.test.ts), "b" and "c"
 * in test:slow (playout.slow.test.ts). Each set of seeds reaches eliminations at every player
 * count, and games that end. A seed is played under the default rules (Quiet shifts, R9.7, on
 * from four players), or as written (`asWritten`): random play under the house rule gives few
 * mates, and the rules as written stay a game people play.
 */
import { describe, expect, test } from 'vitest';
import { runPlayout } from '../../src/cli/playout';

/** Long enough for eliminations (placement alone takes 15 × n actions). */
const MAX_ACTIONS = 800;
const PLAYERS = [3, 4, 5, 6, 7, 8];

export function describeRandomPlayouts(seeds: { seed: string; asWritten?: boolean }[]): void {
  describe('random playouts keep every invariant after every action', () => {
    const cases = PLAYERS.flatMap((players) => seeds.map((s) => ({ players, ...s })));
    const eliminations = new Map<number, number>();
    let games = 0;
    let ended = 0;

    test.each(cases)('$players players, seed $seed', ({ players, seed, asWritten }) => {
      // The full save/load replay grows with the game; every action is still replayed from its
      // text (loadGame's step), and the whole record is reloaded every 200 actions and at the end.
      const { summary } = runPlayout({
        players,
        seed,
        moves: MAX_ACTIONS,
        check: true,
        saveLoadEvery: 200,
        options: asWritten ? { quiet: false } : {},
      });
      games++;
      eliminations.set(players, (eliminations.get(players) ?? 0) + summary.eliminated.length);
      if (summary.phase === 'over') ended++;
      expect(summary.actions).toBeGreaterThan(15 * players);
    });

    test('the playouts reached eliminations for every player count, and game ends', () => {
      expect(games).toBe(cases.length);
      for (const players of PLAYERS)
        expect(eliminations.get(players), `eliminations with ${players} players`).toBeGreaterThan(
          0,
        );
      expect(ended, 'games that ended').toBeGreaterThan(0);
    });
  });
}
