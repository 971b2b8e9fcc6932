import { describe, expect, test } from 'vitest';
import { createRng, Game, DEFAULT_COLOURS } from '../../src/core';
import { cuesOf } from '../../src/store/cues';
import { defaultPrefs, readPrefs } from '../../src/device/prefs';

/** A seeded random 4-player game played well into its middle game. */
function randomGame(seed: string, actions: number): Game {
  const created = Game.create({
    players: ['Ada', 'Boris', 'Chen', 'Dana'].map((name, i) => ({
      name,
      colour: DEFAULT_COLOURS[i],
    })),
    seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  let game = created.value;
  const placed = game.autoPlace('balanced', 'all');
  if (placed.ok) game = placed.value;
  const rng = createRng(seed);
  while (game.length < actions && game.status().phase !== 'over') {
    const legal = game.legalActions();
    const next = game.play(legal[Math.floor(rng() * legal.length)]);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

describe('cues of an action', () => {
  const game = randomGame('cues', 400);

  test('agree with the notation: x for a capture, two boards for a shift, a placement', () => {
    let captures = 0;
    let shifts = 0;
    for (let k = 1; k <= game.length; k++) {
      const text = game.actions[k - 1];
      const cues = cuesOf(game, k);
      const placement = /^[A-H]{2}:\+/.test(text);
      expect(cues.includes('place'), text).toBe(placement);
      if (placement) continue;
      expect(cues.includes('capture'), text).toBe(text.includes('x'));
      expect(cues.includes('move'), text).toBe(!text.includes('x'));
      const shift = /-[A-H]{2}:|x[A-H]{2}:/.test(text);
      expect(cues.includes('shift'), text).toBe(shift);
      if (cues.includes('capture')) captures++;
      if (shift) shifts++;
    }
    expect(captures).toBeGreaterThan(5);
    expect(shifts).toBeGreaterThan(5);
  });

  test('a check, a checkmate, an elimination come from the game events of that action', () => {
    for (let k = 1; k <= game.length; k++) {
      const types = game.eventsOf(k).map((e) => e.type);
      const cues = cuesOf(game, k);
      expect(cues.includes('check')).toBe(types.includes('check'));
      expect(cues.includes('checkmate')).toBe(types.includes('checkmate'));
      expect(cues.includes('elimination')).toBe(types.includes('eliminated'));
    }
    expect(Array.from({ length: game.length }, (_, k) => cuesOf(game, k + 1)).flat()).toContain(
      'check',
    );
  });

  test('R11.4 a take-over makes no sound of a move; a time-out sounds as an elimination', () => {
    const start = randomGame('cues-seat', 80);
    const taken = start.play('bot B 2');
    if (!taken.ok) throw new Error(taken.error.message);
    expect(cuesOf(taken.value, taken.value.length)).toEqual([]);
    const timedOut = taken.value.play('timeout C');
    if (!timedOut.ok) throw new Error(timedOut.error.message);
    expect(cuesOf(timedOut.value, timedOut.value.length)).toEqual(['elimination']);
  });

  test('outside the record there are none', () => {
    expect(cuesOf(game, 0)).toEqual([]);
    expect(cuesOf(game, game.length + 1)).toEqual([]);
  });
});

describe('device preferences', () => {
  const defaults = defaultPrefs(false);

  test('read strictly: a stored value of the wrong type, a corrupt entry or none keeps the default', () => {
    expect(readPrefs(null, defaults)).toEqual(defaults);
    expect(readPrefs('{"vibrate":false}', defaults)).toEqual({ ...defaults, vibrate: false });
    expect(readPrefs('{"vibrate":"no"}', defaults)).toEqual(defaults);
    expect(readPrefs('not json', defaults)).toEqual(defaults);
    expect(readPrefs('[false]', defaults)).toEqual(defaults);
    expect(readPrefs('{"__proto__":{"vibrate":false}}', defaults)).toEqual(defaults);
    expect(readPrefs('{"muted":true,"other":1}', defaults)).toEqual({ ...defaults, muted: true });
    expect(readPrefs('{"myBoards":null,"flatPieces":1}', defaults)).toEqual(defaults);
    expect(readPrefs('{"myBoards":false}', defaults)).toEqual({ ...defaults, myBoards: false });
  });

  test('the hand-over screen is on for people and starts off under automation', () => {
    expect(defaultPrefs(false).passAndPlay).toBe(true);
    expect(defaultPrefs(true).passAndPlay).toBe(false);
  });
});
