import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core';
import { Game, RESIGN } from '../../src/core';
import { captionOf, captionsOf, listOf, sentences } from '../../src/text/captions';

const NAMES: Record<string, string> = { A: 'Red', B: 'Blue', C: 'Gold', D: 'Green' };
const name = (label: string) => NAMES[label] ?? label;

describe('captions', () => {
  test('lists read as English', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['AB'])).toBe('AB');
    expect(listOf(['AB', 'AC'])).toBe('AB and AC');
    expect(listOf(['AB', 'AC', 'AD'])).toBe('AB, AC and AD');
  });

  test.each<[GameEvent, string]>([
    [
      { type: 'checkmate', player: 'A', by: 'B' },
      'Red is checkmated by Blue. Red makes one final move…',
    ],
    [
      { type: 'countdown', player: 'A', boards: ['AB', 'AC', 'AD'], turnsLeft: 5 },
      "Red's 3 boards collapse in 5 turns",
    ],
    [
      { type: 'countdown', player: 'A', boards: ['AB'], turnsLeft: 1 },
      "Red's board AB collapses in 1 turn",
    ],
    [
      { type: 'collapse', boards: ['AB', 'AC', 'AD'], piecesLost: 7 },
      'Collapse: AB, AC and AD leave play; 7 pieces are lost',
    ],
    [
      { type: 'collapse', boards: ['AB'], piecesLost: 1 },
      'Collapse: AB leaves play; 1 piece is lost',
    ],
    [
      { type: 'collapse', boards: ['AB', 'AC'], piecesLost: 0 },
      'Collapse: AB and AC leave play; no pieces are lost',
    ],
    [
      { type: 'inherit', player: 'B', from: 'A', boards: ['AB', 'AC'] },
      "Blue inherits Red's seats on AB and AC",
    ],
    [{ type: 'flee', player: 'A', from: 'AB' }, "Red's king must flee from AB"],
    [{ type: 'fled', player: 'A', board: 'AC', square: 'e1' }, "Red's king flees to AC"],
    [
      { type: 'eliminated', player: 'A', by: 'B', cause: 'captured' },
      "Blue captures Red's king: Red is eliminated",
    ],
    [
      { type: 'eliminated', player: 'A', by: 'B', cause: 'removed' },
      "Red's king is removed: Red is eliminated by Blue",
    ],
    [
      { type: 'eliminated', player: 'A', by: null, cause: 'resigned' },
      'Red resigns and leaves the game',
    ],
    [
      { type: 'eliminated', player: 'A', by: 'B', cause: 'no-flight' },
      "Red's king has nowhere to flee: Red is eliminated",
    ],
    [{ type: 'check', player: 'C', boards: ['AC', 'BC'] }, 'Gold is in check on AC and BC'],
  ])('%o', (event, text) => {
    expect(captionOf(event, name)).toBe(text);
  });

  test('checks are left out unless asked for; a Scavenger mate says checkmated', () => {
    const events: GameEvent[] = [
      { type: 'eliminated', player: 'A', by: 'B', cause: 'checkmate' },
      { type: 'inherit', player: 'B', from: 'A', boards: ['AC'] },
      { type: 'check', player: 'C', boards: ['BC'] },
    ];
    expect(captionsOf(events, name)).toEqual([
      'Red is checkmated by Blue and eliminated',
      "Blue inherits Red's seats on AC",
    ]);
    expect(captionsOf(events, name, { checks: true })).toHaveLength(3);
  });

  test('sentences end with a full stop once', () => {
    expect(
      sentences(['Red is checkmated by Blue. Red makes one final move…', 'Collapse: AB']),
    ).toBe('Red is checkmated by Blue. Red makes one final move… Collapse: AB.');
  });

  test("the core's events of a resignation under Collapse read as expected", () => {
    const players = ['Red', 'Blue', 'Gold'].map((n, i) => ({
      name: n,
      colour: ['#e0533d', '#3d8fe0', '#e8c547'][i],
    }));
    const created = Game.create({ players, seed: 'captions', options: { collapse: true } });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const placed = created.value.autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    const resigned = placed.value.play(RESIGN);
    if (!resigned.ok) throw new Error(resigned.error.message);
    const game = resigned.value;
    const mover = game.players[game.positionAt(game.length - 1).turn].name;
    expect(
      captionsOf(game.eventsOf(game.length), (l) => game.players.find((p) => p.label === l)!.name),
    ).toEqual([`${mover} resigns and leaves the game`, `${mover}'s 2 boards collapse in 5 turns`]);
  });
});
