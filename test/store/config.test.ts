/**
 * The setup a new game starts from (issue 62 item 2): the house rule Quiet shifts (R9.7) is on
 * from four players and off at three, and it moves along with the number of players until it is
 * switched by hand.
 */
import { describe, expect, test } from 'vitest';
import { NO_OPTIONS } from '../../src/core';
import {
  defaultConfig,
  defaultRulesFor,
  quickConfig,
  toSetup,
  withPlayerCount,
  type GameConfig,
} from '../../src/store/config';

const quiet = (c: GameConfig) => c.options.quiet;

describe('R9.7 Quiet shifts in a new setup', () => {
  test('R9.7 a new setup has it on from four players and off at three', () => {
    expect(quiet(defaultConfig(3))).toBe(false);
    for (const n of [4, 5, 6, 7, 8]) expect(quiet(defaultConfig(n)), `${n} players`).toBe(true);
    expect(defaultConfig(4).options).toEqual({ ...NO_OPTIONS, quiet: true });
    // "Play against bots" is three players: the rules as written.
    expect(quiet(quickConfig())).toBe(false);
    expect(toSetup(defaultConfig(5)).options).toEqual({ ...NO_OPTIONS, quiet: true });
  });

  test('R9.7 it follows the number of players until it is set by hand', () => {
    let c = withPlayerCount(defaultConfig(3), 4);
    expect(c.players).toHaveLength(4);
    expect(quiet(c)).toBe(true);
    c = withPlayerCount(c, 3);
    expect(quiet(c)).toBe(false);
    // Switched on by hand at three: it stays on at any size.
    c = { ...c, options: { ...c.options, quiet: true }, quietSetByHand: true };
    expect(quiet(withPlayerCount(c, 5))).toBe(true);
    expect(quiet(withPlayerCount(withPlayerCount(c, 5), 3))).toBe(true);
    // Switched off by hand at four: it stays off.
    const off = { ...defaultConfig(4), quietSetByHand: true };
    off.options = { ...off.options, quiet: false };
    expect(quiet(withPlayerCount(off, 6))).toBe(false);
  });

  test('the first players are kept and new ones come in the default names and colours', () => {
    const c = defaultConfig(3);
    c.players[0] = { ...c.players[0], name: 'Ada', kind: 'bot', level: 2 };
    const five = withPlayerCount(c, 5);
    expect(five.players[0]).toEqual(c.players[0]);
    expect(five.players.slice(3).map((p) => p.kind)).toEqual(['human', 'human']);
    expect(new Set(five.players.map((p) => p.colour)).size).toBe(5);
    expect(withPlayerCount(five, 2).players).toEqual(five.players.slice(0, 2));
  });

  test('R9.7 R10.1 a new game after an old one offers the default: the old setup is not a choice', () => {
    // The setup of a loaded 4-player game played before Quiet shifts existed (configOf).
    const old: GameConfig = { ...defaultConfig(4), options: { ...NO_OPTIONS } };
    expect(quiet(defaultRulesFor(old))).toBe(true);
    expect(defaultRulesFor(old).options).toEqual({ ...NO_OPTIONS, quiet: true });
    // One set by hand stays as it was.
    const chosen = { ...old, quietSetByHand: true };
    expect(defaultRulesFor(chosen)).toBe(chosen);
  });
});
