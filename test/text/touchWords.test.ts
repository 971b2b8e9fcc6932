/**
 * Help texts in a finger's words (issue 61 item 8): on a touch device "click" is "tap" and
 * "wheel or pinch" is "pinch", in every help text the game shows (the hints of a first game,
 * the placement banner, the lessons).
 */
import { describe, expect, test } from 'vitest';
import { Game } from '../../src/core';
import { HINTS, bannerText, inTouchWords } from '../../src/text';
import { LESSONS } from '../../src/tutorial/lessons';

describe('inTouchWords', () => {
  test('click becomes tap, keeping the capital and the ending; the wheel goes', () => {
    expect(inTouchWords('Click a piece, then click a marker.')).toBe(
      'Tap a piece, then tap a marker.',
    );
    expect(inTouchWords('it clicks; clicked; clicking')).toBe('it taps; tapped; tapping');
    expect(inTouchWords('Drag to orbit, wheel or pinch to zoom.')).toBe(
      'Drag to orbit, pinch to zoom.',
    );
    expect(inTouchWords('A quick clickable word')).toBe('A quick clickable word');
  });

  test('no help text speaks of a mouse on a touch device', () => {
    const placing = Game.create({
      players: ['Ada', 'Sky', 'Jade'].map((name) => ({ name, colour: '#3d8fe0' })),
      seed: 'words',
    });
    if (!placing.ok) throw new Error(placing.error.message);
    const texts = [
      ...Object.values(HINTS).map((h) => h.text),
      bannerText(placing.value, false),
      ...LESSONS.flatMap((l) => [
        ...l.intro,
        l.done,
        ...l.steps.flatMap((s) => [s.goal, s.hint, s.praise]),
      ]),
    ];
    // The texts as written speak of clicks (else this test would prove nothing).
    expect(texts.filter((t) => /\bclick/i.test(t)).length).toBeGreaterThan(3);
    for (const text of texts) expect(inTouchWords(text)).not.toMatch(/\bclick|\bwheel|\bmouse/i);
  });
});
