/** What a joiner agrees to, in words (issue 48 item 8): clocks, grace period, rules, placement. */
import { expect, test } from 'vitest';
import { roomTermsWords } from '../../src/text';

test('a room with clocks, a bot after the grace period and two optional rules', () => {
  expect(
    roomTermsWords({
      timeControl: { baseMs: 600_000, incrementMs: 5_000 },
      graceMs: 90_000,
      afterGrace: { kind: 'bot', level: 2 },
      options: { hyperspace: true, collapse: true, shade: false },
      placement: 'hand',
    }),
  ).toEqual([
    ['Clocks', '10 min each, + 5 s a turn'],
    ['If a player drops', 'the seat waits 1 min 30 s; then a level-2 bot (club) plays the seat'],
    ['Rules', 'Hyperspace, Dimensional Collapse'],
    ['Placement', 'by hand'],
  ]);
});

test('a room without clocks, where a player who stays away is out', () => {
  expect(
    roomTermsWords({
      timeControl: null,
      graceMs: 60_000,
      afterGrace: { kind: 'eliminate' },
      options: {},
      placement: 'balanced',
    }),
  ).toEqual([
    ['Clocks', 'none'],
    ['If a player drops', 'the seat waits 1 min; then they are out, as if they resigned'],
    ['Rules', 'standard (no optional rule)'],
    ['Placement', 'placed for the players (balanced)'],
  ]);
});
