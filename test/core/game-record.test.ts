/**
 * RULES R10.1: a game record gives back the position after every action. Game keeps the
 * actions and a position every few actions, replaying the rest; these tests compare what it
 * gives back (positionAt, truncate, eventsOf, turnGroups) with the games seen while playing.
 */
import { describe, expect, test } from 'vitest';
import { Game, createRng, diffEvents, type Options, type Position } from '../../src/core';
import { playAll, setupOf } from './helpers';

const ALL: Options = {
  hyperspace: true,
  collapse: true,
  cowardly: true,
  scavenger: true,
  shade: false,
};

/** Every game of a seeded random playout, from the start (index k: after k actions). */
function playoutGames(players: number, options: Partial<Options>, actions: number): Game[] {
  const created = Game.create({ ...setupOf(players, 'record'), options });
  if (!created.ok) throw new Error(created.error.message);
  const rng = createRng(`record-${players}`);
  const games = [created.value];
  for (let i = 0; i < actions; i++) {
    const game = games[games.length - 1];
    const legal = game.legalActions();
    if (!legal.length) break;
    games.push(playAll(game, legal[Math.floor(rng() * legal.length)]));
  }
  return games;
}

/** What identifies a position: its hash, whose turn it is and the clocks. */
const summary = (pos: Position) => ({
  hash: [pos.hashLo, pos.hashHi],
  turn: pos.turn,
  mode: pos.mode,
  ply: pos.ply,
  halfmove: pos.halfmoveClock,
  history: pos.historyLength,
});

describe('R10.1 game records', () => {
  for (const [players, options] of [
    [3, {}],
    [5, ALL],
  ] as const) {
    const games = playoutGames(players, options, 200);
    const last = games[games.length - 1];
    const where = `${players} players${options === ALL ? ', all options' : ''}`;

    test(`R10.1 ${where}: positionAt(k) is the position after k actions`, () => {
      expect(last.length).toBe(games.length - 1);
      for (let k = last.length; k >= 0; k--)
        expect(summary(last.positionAt(k)), `k = ${k}`).toEqual(summary(games[k].position));
      // out-of-range indices clamp to the ends
      expect(last.positionAt(-3)).toBe(last.positionAt(0));
      expect(last.positionAt(last.length + 5)).toBe(last.position);
    });

    test(`R10.1 ${where}: truncate(k) is the game after k actions, and plays on`, () => {
      for (let k = 0; k <= last.length; k += 7) {
        const cut = last.truncate(k);
        expect(cut.actions, `k = ${k}`).toEqual(games[k].actions);
        expect(summary(cut.position), `k = ${k}`).toEqual(summary(games[k].position));
        expect(cut.status(), `k = ${k}`).toEqual(games[k].status());
        expect(cut.turnGroups(), `k = ${k}`).toEqual(games[k].turnGroups());
        if (k < last.length) {
          // branching: the same action again reaches the same position, another one a new one
          const again = playAll(cut, last.actions[k]);
          expect(summary(again.position)).toEqual(summary(games[k + 1].position));
          for (let j = 0; j <= again.length; j += 5)
            expect(summary(again.positionAt(j)), `k = ${k}, j = ${j}`).toEqual(
              summary(games[j].position),
            );
        }
      }
    });

    test(`R10.1 ${where}: eventsOf(k) compares the positions around action k`, () => {
      for (let k = 1; k <= last.length; k++)
        expect(last.eventsOf(k), `k = ${k}`).toEqual(
          diffEvents(games[k - 1].position, games[k].position),
        );
    });
  }
});
