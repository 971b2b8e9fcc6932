/**
 * Random playouts with every invariant checked after every action (src/cli/invariants.ts).
 *
 * describeRandomPlayouts: long games, one per player count and seed: seed "a" at 3–6 players in
 * the unit lane (playout.test.ts); "a" at 7 and 8 players (its longest games), "b" and "c" at
 * every count in test:slow (playout.slow.test.ts). Each set of games reaches eliminations at
 * every player count it plays, and games that end. A seed is played under the default rules
 * (Quiet shifts, R9.7, on from four players), or as written (`asWritten`): random play under the
 * house rule gives few mates, and the rules as written stay a game people play.
 *
 * describeOptionPlayouts: a game per optional rule (and all of them) and player count.
 */
import { describe, expect, test } from 'vitest';
import { parseOptionList } from '../../src/cli/args';
import { runPlayout } from '../../src/cli/playout';

/** Long enough for eliminations (placement alone takes 15 × n actions). */
const MAX_ACTIONS = 800;
const PLAYERS = [3, 4, 5, 6, 7, 8];

/** A seed, and the player counts it plays (every count unless given). */
interface PlayoutSeed {
  seed: string;
  asWritten?: boolean;
  players?: readonly number[];
}

export function describeRandomPlayouts(seeds: PlayoutSeed[]): void {
  const cases = seeds.flatMap(({ players = PLAYERS, ...s }) =>
    players.map((n) => ({ players: n, ...s })),
  );
  const counts = PLAYERS.filter((n) => cases.some((c) => c.players === n));
  describe('random playouts keep every invariant after every action', () => {
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
      for (const players of counts)
        expect(eliminations.get(players), `eliminations with ${players} players`).toBeGreaterThan(
          0,
        );
      expect(ended, 'games that ended').toBeGreaterThan(0);
    });
  });
}

/** The option sets of the R9 playouts: each optional rule alone, and all of them. */
const OPTION_SETS = [
  'hyperspace',
  'collapse',
  'cowardly',
  'scavenger',
  'shade',
  'hyperspace,collapse,cowardly,scavenger,shade',
];

/**
 * One random playout per option set and player count (seed "opt-<options>"), every invariant
 * checked after every action: the placement and then `playActions` actions of play. The unit
 * lane plays 60, test:slow the same games on to 150.
 */
export function describeOptionPlayouts(playActions: number): void {
  describe(`R9 random playouts with --options keep every invariant (${playActions} actions of play)`, () => {
    const cases = OPTION_SETS.flatMap((options) =>
      PLAYERS.map((players) => ({ options, players })),
    );

    test.each(cases)('$options, $players players', ({ options, players }) => {
      const { summary } = runPlayout({
        players,
        seed: `opt-${options}`,
        moves: 15 * players + playActions,
        check: true,
        saveLoadEvery: 100,
        options: parseOptionList(options),
      });
      expect(summary.actions).toBeGreaterThan(15 * players);
    });
  });
}
