/**
 * A player named "You" (the tutorial's player) is spoken to in the second person in every
 * sentence that names a player (issue 50 item 11): "You are in check", "Your king must flee",
 * "You win", "checkmated by you".
 */
import { describe, expect, test } from 'vitest';
import { Game, type EliminationCause, type GameEvent } from '../../src/core';
import { bannerText, captionOf, says, seatActionText, verbOf, whom, whose } from '../../src/text';
import { attackerName } from '../../src/text/check';

/** Wrong English for the reader: "You is", "You's", "You wins", "by You", … */
const BROKEN =
  /\bYou('s| is| has| was| wins| makes| passes| resigns| inherits| captures)\b|\b(by|takes|of) You\b/;

const name = (label: string) => ({ A: 'You', B: 'Sky', C: 'Jade' })[label] ?? label;

describe('the grammar helper', () => {
  test('verbs agree with the name', () => {
    expect(says('Sky', 'is')).toBe('Sky is');
    expect(says('You', 'is')).toBe('You are');
    expect(says('You', 'wins')).toBe('You win');
    expect(says('You', 'has')).toBe('You have');
    expect(says('You', 'passes')).toBe('You pass');
    expect(says('You', 'flees')).toBe('You flee');
    expect(says('You', 'must')).toBe('You must');
    expect(verbOf('Jade', 'makes')).toBe('makes');
  });

  test('possessives and objects', () => {
    expect(whose('Sky', true)).toBe("Sky's");
    expect(whose('You', true)).toBe('Your');
    expect(whose('You')).toBe('your');
    expect(whom('You')).toBe('you');
    expect(whom('Jade')).toBe('Jade');
  });
});

describe('every caption about "You" reads as English', () => {
  const causes: EliminationCause[] = [
    'resigned',
    'checkmate',
    'captured',
    'removed',
    'no-flight',
    'no-board',
    'timed-out',
    'left',
  ];
  const events: GameEvent[] = [
    { type: 'check', player: 'A', boards: ['AB'] },
    { type: 'checkmate', player: 'A', by: 'B' },
    { type: 'checkmate', player: 'B', by: 'A' },
    ...causes.flatMap((cause): GameEvent[] => [
      { type: 'eliminated', player: 'A', by: 'B', cause },
      { type: 'eliminated', player: 'B', by: 'A', cause },
    ]),
    { type: 'countdown', player: 'A', boards: ['AB'], turnsLeft: 3 },
    { type: 'inherit', player: 'A', from: 'B', boards: ['BC'] },
    { type: 'inherit', player: 'C', from: 'A', boards: ['AB'] },
    { type: 'flee', player: 'A', from: 'AB' },
    { type: 'fled', player: 'A', board: 'AC', square: 'e1' },
  ];
  test.each(events.map((e) => [JSON.stringify(e), e] as const))('%s', (_, event) => {
    const text = captionOf(event, name)!;
    expect(text).not.toMatch(BROKEN);
  });

  test('the ones the tutorial showed, as they read now', () => {
    expect(captionOf({ type: 'check', player: 'A', boards: ['AB'] }, name)).toBe(
      'You are in check on AB',
    );
    expect(captionOf({ type: 'flee', player: 'A', from: 'AB' }, name)).toBe(
      'Your king must flee from AB',
    );
    expect(captionOf({ type: 'checkmate', player: 'B', by: 'A' }, name)).toBe(
      'Sky is checkmated by you. Sky makes one final move…',
    );
    expect(seatActionText({ kind: 'bot', player: 'A', level: 2 } as never, name)).toBe(
      'A level-2 bot took your seat',
    );
    expect(
      attackerName(
        { board: 0, from: 0, to: 1, role: 4, owner: 0, path: [] },
        { players: ['You', 'Sky'], boards: ['AB'] },
      ),
    ).toBe('your rook on AB a1');
  });

  test('the banner at the end says "You win."', () => {
    const created = Game.create({
      players: [
        { name: 'You', colour: '#f59a2c' },
        { name: 'Sky', colour: '#3d8fe0' },
        { name: 'Jade', colour: '#4fbf6f' },
      ],
      seed: 'grammar',
      options: {
        collapse: false,
        hyperspace: false,
        cowardly: false,
        scavenger: false,
        shade: false,
      },
    } as never);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    // Resignations until the player named You is the last one left.
    let g = game;
    while (g.status().phase !== 'over') {
      const turn = g.players[g.position.turn].name;
      const r = turn === 'You' ? null : g.play('resign');
      if (!r) {
        const placed = g.autoPlace('balanced', 'current');
        if (!placed.ok) throw new Error(placed.error.message);
        g = placed.value;
        continue;
      }
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
    }
    expect(bannerText(g, false)).toBe('You win.');
  });
});
