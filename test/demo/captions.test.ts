/**
 * What the demo's caption card says and for how long. Each elimination gets its caption and a
 * moment to read (issue #61, item 9): show-310 mates and eliminates two players within a few
 * seconds of each other; rehearsed through the director on the show's own clock
 * (src/demo/rehearse.ts: the pauses the page waits at 1×, nothing sleeps). The card names the
 * rules the show plays under (issue #62, item 6).
 */
import { expect, test } from 'vitest';
import { defaultOptions, type Game } from '../../src/core';
import { demoConfig, showRules } from '../../src/demo/config';
import { readingMs } from '../../src/demo/director';
import { rehearse } from '../../src/demo/rehearse';
import { chooseByNodes } from '../ai/byNodes';

const choose = (game: Game) =>
  chooseByNodes(game.position.clone(), { level: 1, seed: game.setup.seed })?.text ?? null;

test('two eliminations: each caption, and each mate before it, stays up for its reading time', () => {
  // Up to the move after the second elimination (which replaces its caption).
  let second = 0;
  const { captions } = rehearse('show-310', choose, {
    until: (game) => {
      if (!second) {
        let seen = 0;
        for (let i = 1; i <= game.length; i++)
          if (game.eventsOf(i).some((e) => e.type === 'eliminated') && ++seen === 2) second = i;
      }
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
}, 60_000);

test('the card names the rules: the demo plays Dimensional Collapse as written, no Quiet shifts', () => {
  expect(demoConfig('show-310').options).toMatchObject({ collapse: true, quiet: false });
  expect(showRules(demoConfig('show-310').options)).toBe(
    'Dimensional Collapse · as written (no Quiet shifts)',
  );
  expect(showRules({ ...defaultOptions(5), collapse: true })).toBe(
    'Dimensional Collapse · Quiet shifts',
  );
});
