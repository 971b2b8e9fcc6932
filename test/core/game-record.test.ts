/**
 * RULES R10.1: a game record gives back the position after every action. Game keeps the
 * actions and a position every few actions, replaying the rest; these tests compare what it
 * gives back (positionAt, truncate, eventsOf, turnGroups) with the games seen while playing.
 */
import { describe, expect, it, test } from 'vitest';
import {
  Game,
  createRng,
  defaultSetup,
  diffEvents,
  parsePosition,
  saveGame,
  type Options,
  type Position,
} from '../../src/core';
import { playAll, setupOf } from './helpers';

const ALL: Options = {
  hyperspace: true,
  collapse: true,
  cowardly: true,
  scavenger: true,
  shade: false,
  quiet: true,
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

    test(`R10.1 ${where}: games branching from one record do not disturb each other`, () => {
      const k = Math.floor(last.length / 2);
      const cut = last.truncate(k);
      const other = cut.legalActions().find((m) => cut.actionText(m) !== last.actions[k]);
      expect(other).toBeDefined();
      const branch = playAll(cut, other!);
      const again = playAll(cut, other!);
      expect(branch.actions).toEqual([...games[k].actions, cut.actionText(other!)]);
      expect(summary(again.position)).toEqual(summary(branch.position));
      expect(last.actions).toEqual(games[last.length].actions);
      for (let j = 0; j <= last.length; j += 3)
        expect(summary(last.positionAt(j)), `j = ${j}`).toEqual(summary(games[j].position));
      expect(cut.length).toBe(k);
      expect(cut.actions).toEqual(games[k].actions);
    });

    test(`R10.1 ${where}: eventsOf(k) compares the positions around action k`, () => {
      for (let k = 1; k <= last.length; k++)
        expect(last.eventsOf(k), `k = ${k}`).toEqual(
          diffEvents(games[k - 1].position, games[k].position),
        );
    });

    test(`R10.1 ${where}: each game played gives back the position before its last action`, () => {
      for (let k = 1; k <= last.length; k++) {
        expect(summary(games[k].positionAt(k - 1)), `k = ${k}`).toEqual(
          summary(games[k - 1].position),
        );
        expect(games[k].eventsOf(k), `k = ${k}`).toEqual(
          diffEvents(games[k - 1].position, games[k].position),
        );
      }
    });
  }
});

describe('Game.fromPosition', () => {
  const pos = () => {
    const kings = '4k3/8/8/8/8/8/8/4K3';
    const p = parsePosition({
      players: 3,
      turn: 'B',
      boards: { AB: { pieces: kings }, BC: { pieces: kings } },
    });
    if (!p.ok) throw new Error(p.error.message);
    return p.value;
  };
  const setup = defaultSetup(3, 'from-position');

  it('starts from the position, players labelled in setup order, and plays on', () => {
    const made = Game.fromPosition(setup, pos());
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const game = made.value;
    expect(game.players.map((p) => [p.label, p.name])).toEqual([
      ['A', 'Player 1'],
      ['B', 'Player 2'],
      ['C', 'Player 3'],
    ]);
    expect(game.status().turn).toBe('B');
    const next = game.play(game.legalActions()[0]);
    expect(next.ok && next.value.fromPosition && next.value.truncate(0).fromPosition).toBe(true);
    if (next.ok) expect(next.value.truncate(0).status().turn).toBe('B');
  });

  it('has no saved form, and a setup of another size is refused', () => {
    const made = Game.fromPosition(setup, pos());
    if (made.ok) expect(() => saveGame(made.value)).toThrow(/no saved form/);
    const two = Game.fromPosition(defaultSetup(4, 'x'), pos());
    expect(two.ok || two.error.message).toMatch(/4 players, the position has 3/);
  });
});
