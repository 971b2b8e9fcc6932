import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core';
import { Game, RESIGN } from '../../src/core';
import { announcement } from '../../src/text/announce';
import {
  captionOf,
  captionsAt,
  captionsOf,
  eliminationNote,
  listOf,
  namesOf,
  seatActionText,
  sentences,
} from '../../src/text/captions';
import { describeMove } from '../../src/text/moves';

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
      { type: 'eliminated', player: 'A', by: null, cause: 'removed' },
      "Red's king is removed: Red is eliminated",
    ],
    [
      { type: 'eliminated', player: 'A', by: null, cause: 'resigned' },
      'Red resigns and leaves the game',
    ],
    [
      { type: 'eliminated', player: 'A', by: 'B', cause: 'no-flight' },
      "Red's king has nowhere to flee: Red is eliminated",
    ],
    [
      { type: 'eliminated', player: 'A', by: null, cause: 'timed-out' },
      "Red's time ran out: Red is eliminated",
    ],
    [
      { type: 'eliminated', player: 'A', by: null, cause: 'left' },
      'Red left the game: Red is eliminated',
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

describe('R11 seat actions in words', () => {
  const setup = {
    players: ['Ada', 'Boris', 'Chen'].map((n, i) => ({
      name: n,
      colour: ['#e0533d', '#3d8fe0', '#e8c547'][i],
    })),
    seed: 'seat-words',
  };
  /** A placed game of Ada, Boris and Chen, with the labels of each. */
  const placed = () => {
    const created = Game.create(setup);
    if (!created.ok) throw new Error(created.error.message);
    const r = created.value.autoPlace('balanced', 'all');
    if (!r.ok) throw new Error(r.error.message);
    const game = r.value;
    const labelOf = (n: string) => game.players.find((p) => p.name === n)!.label;
    return { game, labelOf };
  };
  const play = (game: Game, text: string) => {
    const r = game.play(text);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  test('captions, plain-words moves and announcements of time-outs, absences, take-overs, returns', () => {
    const { game: start, labelOf } = placed();
    const taken = play(start, `bot ${labelOf('Chen')} 2`);
    expect(captionsAt(taken, taken.length)).toEqual(["A level-2 bot took Chen's seat"]);
    expect(describeMove(start, `bot ${labelOf('Chen')} 2`)).toBe("A level-2 bot took Chen's seat");
    expect(announcement(taken, taken, taken.length, taken.actions.at(-1))).toMatch(
      /^bot [A-C] 2\. A level-2 bot took Chen's seat\. /,
    );
    const timedOut = play(taken, `timeout ${labelOf('Ada')}`);
    expect(captionsAt(timedOut, timedOut.length)).toEqual([
      "Ada's time ran out: Ada is eliminated",
    ]);
    expect(describeMove(taken, `timeout ${labelOf('Ada')}`)).toBe("Ada's time ran out");
    expect(describeMove(taken, `absent ${labelOf('Boris')}`)).toBe('Boris left the game');
    const left = play(timedOut, `absent ${labelOf('Boris')}`);
    expect(captionsAt(left, left.length)).toEqual(['Boris left the game: Boris is eliminated']);
    const status = left.status();
    const note = (n: string) => {
      const p = status.players.find((q) => q.name === n)!;
      return eliminationNote(p.eliminationCause, p.eliminatedBy, namesOf(left));
    };
    expect([note('Ada'), note('Boris')]).toEqual(['time ran out', 'left the game']);
  });

  test('a player back at their seat', () => {
    const { game: start, labelOf } = placed();
    const mover = start.players[start.position.turn];
    const back = play(play(start, `bot ${mover.label} 1`), `return ${mover.label}`);
    expect(captionsAt(back, back.length)).toEqual([`${mover.name} is back`]);
    expect(seatActionText({ kind: 'return', player: labelOf('Chen'), level: null }, (l) => l)).toBe(
      `${labelOf('Chen')} is back`,
    );
  });
});
