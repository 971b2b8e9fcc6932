/**
 * RULES R11.1 clocks (src/core/clock.ts): only the mover's clock runs, the increment comes at
 * the end of each of a player's turns (a whole Hyperspace turn once), the flag's fall time,
 * time-outs recorded (R11.2), and bad time controls.
 */
import { describe, expect, test } from 'vitest';
import {
  Game,
  clocksAfter,
  flagFall,
  readTimeControl,
  remainingAt,
  startClocks,
  type Clocks,
} from '../../src/core';
import { placedGame, playAll, setupOf } from './helpers';

const control = { baseMs: 60_000, incrementMs: 2_000 };
const step = (g: Game) => playAll(g, g.legalActions()[0]);

describe('R11.1 clocks', () => {
  test('R11.1 only the clock of the player to move runs', () => {
    const game = placedGame(3);
    const clocks = startClocks(control, game, 1_000);
    expect(clocks).toEqual({
      control,
      remainingMs: [60_000, 60_000, 60_000],
      running: 0,
      since: 1_000,
      at: game.length,
    });
    expect(remainingAt(clocks, 6_000)).toEqual([55_000, 60_000, 60_000]);
    // Plain data: what a server sends is what a client reads.
    expect(JSON.parse(JSON.stringify(clocks))).toEqual(clocks);
  });

  test('R11.1 the increment is added at the end of each turn, and the next clock starts', () => {
    let game = placedGame(3);
    let clocks = startClocks(control, game, 0);
    game = step(game); // A moves after 5 s
    clocks = clocksAfter(clocks, game, 5_000);
    expect(clocks.remainingMs).toEqual([57_000, 60_000, 60_000]);
    expect(clocks.running).toBe(1);
    game = step(game); // B after 10 s
    clocks = clocksAfter(clocks, game, 15_000);
    expect(clocks.remainingMs).toEqual([57_000, 52_000, 60_000]);
    expect(clocks.running).toBe(2);
    expect(remainingAt(clocks, 16_000)).toEqual([57_000, 52_000, 59_000]);
    // Several actions at once (the clocks behind the record) are all counted.
    game = step(step(game));
    clocks = clocksAfter(clocks, game, 20_000);
    expect(clocks.remainingMs).toEqual([57_000 + 2_000, 52_000, 57_000]);
    expect(clocks.at).toBe(game.length);
  });

  test('R11.1 placements are turns too', () => {
    const created = Game.create(setupOf(3));
    if (!created.ok) throw new Error(created.error.message);
    let game = created.value;
    let clocks = startClocks(control, game, 0);
    game = step(game);
    clocks = clocksAfter(clocks, game, 1_000);
    expect(clocks.remainingMs).toEqual([61_000, 60_000, 60_000]);
    expect(clocks.running).toBe(1);
  });

  test('R11.1 R9.1 a whole Hyperspace turn earns one increment', () => {
    const created = Game.create({ ...setupOf(3, 'hyper-clock'), options: { hyperspace: true } });
    if (!created.ok) throw new Error(created.error.message);
    const placed = created.value.autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    let game = placed.value;
    let clocks = startClocks(control, game, 0);
    let t = 0;
    let moves = 0;
    while (game.status().turn === 'A') {
      game = step(game);
      t += 1_000;
      moves++;
      clocks = clocksAfter(clocks, game, t);
      expect(clocks.running).toBe(game.position.turn);
    }
    expect(moves).toBeGreaterThan(1);
    expect(clocks.remainingMs[0]).toBe(60_000 - t + 2_000);
    expect(clocks.running).toBe(1);
  });

  test('R11.1 a take-over or a time-out of another player keeps the mover’s clock running', () => {
    let game = placedGame(3);
    let clocks = startClocks(control, game, 0);
    game = playAll(game, 'bot B 2');
    clocks = clocksAfter(clocks, game, 3_000);
    game = playAll(game, 'timeout C');
    clocks = clocksAfter(clocks, game, 4_000);
    expect(clocks.running).toBe(0);
    expect(clocks.remainingMs).toEqual([56_000, 60_000, 60_000]);
  });

  test('R11.1 R11.2 the flag falls when the running clock reaches zero; the time-out is recorded', () => {
    let game = placedGame(3);
    let clocks: Clocks = startClocks({ baseMs: 10_000, incrementMs: 0 }, game, 500);
    expect(flagFall(clocks, 10_499)).toEqual({ fallen: null, fallsAt: 10_500 });
    expect(flagFall(clocks, 10_500)).toEqual({ fallen: 0, fallsAt: 10_500 });
    expect(remainingAt(clocks, 20_000)[0]).toBe(0);
    game = playAll(game, 'timeout A');
    clocks = clocksAfter(clocks, game, 10_600);
    expect(clocks.remainingMs).toEqual([0, 10_000, 10_000]);
    expect(clocks.running).toBe(1);
    expect(flagFall(clocks, 10_600)).toEqual({ fallen: null, fallsAt: 20_600 });
  });

  test('R11.1 no clock runs once the game is over', () => {
    let game = playAll(placedGame(3), 'timeout A');
    let clocks = startClocks(control, game, 0);
    game = playAll(game, 'absent B');
    clocks = clocksAfter(clocks, game, 1_000);
    expect(clocks.running).toBeNull();
    expect(flagFall(clocks, 1e12)).toEqual({ fallen: null, fallsAt: null });
    expect(remainingAt(clocks, 1e12)).toEqual(clocks.remainingMs);
  });

  test('R11.1 bad time controls and clocks of another game are refused', () => {
    expect(readTimeControl({ baseMs: 300_000, incrementMs: 5_000 })).toEqual({
      ok: true,
      value: { baseMs: 300_000, incrementMs: 5_000 },
    });
    for (const bad of [
      null,
      {},
      { baseMs: 0, incrementMs: 0 },
      { baseMs: 1.5e3, incrementMs: 0.5 },
    ])
      expect(readTimeControl(bad).ok).toBe(false);
    expect(readTimeControl({ baseMs: 60_000, incrementMs: -1 })).toMatchObject({
      ok: false,
      error: { code: 'bad-setup', message: expect.stringMatching(/incrementMs/) },
    });
    const game = placedGame(3);
    expect(() => startClocks({ baseMs: -1, incrementMs: 0 }, game, 0)).toThrow(/time control/);
    const clocks = startClocks(control, game, 0);
    expect(() => clocksAfter(clocks, placedGame(4), 0)).toThrow(/not of this game/);
  });
});
