/**
 * What the demo's caption card says and for how long. Each elimination gets its caption and a
 * moment to read (issue #61, item 9): show-6 mates and eliminates two players within a few
 * seconds of each other; rehearsed through the director on the show's own clock
 * (src/demo/rehearse.ts: the pauses the page waits at 1×, nothing sleeps). The card names the
 * rules the show plays under (issue #62, item 6). The show's actions are replayed from a record
 * (test/fixtures/show6.ts): the captions, not the bots, are under test here.
 */
import { expect, test } from 'vitest';
import { defaultOptions, type Game } from '../../src/core';
import { demoConfig, showRules } from '../../src/demo/config';
import { readingMs } from '../../src/demo/director';
import { rehearse } from '../../src/demo/rehearse';
import { SHOW_6_ACTIONS } from '../fixtures/show6';

/** The show's next action as its bots played it. */
const choose = (game: Game) => SHOW_6_ACTIONS[game.length] ?? null;

test('two eliminations: each caption, and each mate before it, stays up for its reading time', () => {
  // Up to the move after the second elimination (which replaces its caption).
  let second = 0;
  let seen = 0;
  let scanned = 0;
  const { captions } = rehearse('show-6', choose, {
    until: (game) => {
      for (; !second && scanned < game.length; scanned++)
        if (game.eventsOf(scanned + 1).some((e) => e.type === 'eliminated') && ++seen === 2)
          second = scanned + 1;
      return second > 0 && game.length > second;
    },
  });
  const eliminations = captions.filter((c) => c.text.includes(' is eliminated'));
  const mates = captions.filter((c) => c.text.includes(' is checkmated'));
  expect(eliminations).toHaveLength(2);
  expect(mates.length).toBeGreaterThanOrEqual(2);
  for (const c of [...mates, ...eliminations]) {
    expect(readingMs(c.text)).toBeGreaterThan(2000);
    expect(c.to - c.from, c.text).toBeGreaterThanOrEqual(readingMs(c.text));
  }
});

test('the card names the rules: the demo plays Dimensional Collapse as written, no Quiet shifts', () => {
  expect(demoConfig('show-6').options).toMatchObject({ collapse: true, quiet: false });
  expect(showRules(demoConfig('show-6').options)).toBe(
    'Dimensional Collapse · as written (no Quiet shifts)',
  );
  expect(showRules({ ...defaultOptions(5), collapse: true })).toBe(
    'Dimensional Collapse · Quiet shifts',
  );
});
