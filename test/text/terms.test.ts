/** What a joiner agrees to, in words (issue 48 item 8): clocks, grace period, rules, placement. */
import { expect, test } from 'vitest';
import { roomTermsWords, rulesOn, tableFormatWords } from '../../src/text';

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

test('R9.7 Quiet shifts is named among the rules of a room or a table as a house rule', () => {
  const terms = {
    timeControl: null,
    graceMs: 60_000,
    afterGrace: { kind: 'eliminate' as const },
    placement: 'balanced' as const,
  };
  expect(rulesOn({ quiet: true, shade: true, hyperspace: false })).toEqual([
    'Shade Order',
    'Quiet shifts (house rule)',
  ]);
  expect(roomTermsWords({ ...terms, options: { quiet: true } })[2]).toEqual([
    'Rules',
    'Quiet shifts (house rule)',
  ]);
  expect(roomTermsWords({ ...terms, options: { quiet: false } })[2]).toEqual([
    'Rules',
    'standard (no optional rule)',
  ]);
  expect(tableFormatWords(4, '5+3', { hyperspace: true, quiet: true })).toBe(
    '4 players · 5 minutes each, +3 s a turn · Hyperspace, Quiet shifts (house rule)',
  );
  expect(tableFormatWords(3, 'none', {})).toBe('3 players · no clocks · standard rules');
});
