/**
 * Every default palette keeps its armies apart from each other and from the squares (issue 50
 * item 9). The measures:
 * - any two armies at a table: CIEDE2000 difference of at least 20 (about ten times a just
 *   noticeable difference);
 * - each army against both square colours: CIEDE2000 of at least 15, since the 3D pieces have
 *   no outline and must read by their fill on a light and on a dark square;
 * - the flat badges' ring and letter against both square colours: WCAG contrast of at least 3:1.
 * Checked for the setup screen's colours at every table size (3–8 players, the first n), the
 * demo's armies and every lesson's players.
 */
import { describe, expect, test } from 'vitest';
import { DEMO_PLAYERS } from '../../src/demo/config';
import {
  contrastRatio,
  deltaE2000,
  deltaE2000Lab,
  lab,
  luminance,
} from '../../src/scene/colourContrast';
import { SQUARE_COLOURS } from '../../src/scene/gpu/geometries';
import { PIECE_OUTLINE } from '../../src/scene/gpu/pieceMaterials';
import { ARMY_COLOURS } from '../../src/store/config';
import { LESSONS } from '../../src/tutorial/lessons';

const BETWEEN_ARMIES = 20;
const ARMY_AND_SQUARE = 15;
const OUTLINE_CONTRAST = 3;

const squares = [SQUARE_COLOURS.light, SQUARE_COLOURS.dark];

const palettes: [string, readonly string[]][] = [
  ...[3, 4, 5, 6, 7, 8].map((n): [string, readonly string[]] => [
    `the setup screen at ${n} players`,
    ARMY_COLOURS.slice(0, n),
  ]),
  ['the demo', DEMO_PLAYERS.map((p) => p.colour)],
  ...LESSONS.map((l): [string, readonly string[]] => [
    `lesson "${l.id}"`,
    l.players.map((p) => p.colour),
  ]),
];

describe('the colour maths', () => {
  test('CIEDE2000 matches the published test pairs (Sharma, Wu, Dalal 2005)', () => {
    const pairs: [number[], number[], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    ];
    for (const [a, b, expected] of pairs) expect(deltaE2000Lab(a, b)).toBeCloseTo(expected, 4);
    expect(deltaE2000('#000000', '#000000')).toBe(0);
    expect(deltaE2000('#ffffff', '#000000')).toBeCloseTo(100, 0);
    expect(lab('#ffffff')[0]).toBeCloseTo(100, 3);
    expect(lab('#808080')[0]).toBeCloseTo(53.585, 2);
    // Symmetric, and a just-noticeable step is about 1–2.
    expect(deltaE2000('#3d8fe0', '#4a3aa8')).toBeCloseTo(deltaE2000('#4a3aa8', '#3d8fe0'), 9);
    expect(deltaE2000('#808080', '#828282')).toBeLessThan(1);
  });

  test('WCAG contrast: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#5b6472', '#5b6472')).toBe(1);
    expect(luminance('#ffffff')).toBeCloseTo(1, 9);
  });

  test('a colour that is not #rrggbb is refused with what it was', () => {
    expect(() => luminance('red')).toThrow('not a #rrggbb colour: "red"');
  });
});

describe('every default palette keeps its armies apart (issue 50 item 9)', () => {
  test.each(palettes)(`%s: any two armies CIEDE2000 ≥ ${BETWEEN_ARMIES}`, (_, colours) => {
    for (let i = 0; i < colours.length; i++)
      for (let j = i + 1; j < colours.length; j++)
        expect(
          deltaE2000(colours[i], colours[j]),
          `${colours[i]} against ${colours[j]}`,
        ).toBeGreaterThanOrEqual(BETWEEN_ARMIES);
  });

  test.each(palettes)(
    `%s: each army CIEDE2000 ≥ ${ARMY_AND_SQUARE} from the light and the dark squares`,
    (_, colours) => {
      for (const colour of colours)
        for (const square of squares)
          expect(deltaE2000(colour, square), `${colour} on ${square}`).toBeGreaterThanOrEqual(
            ARMY_AND_SQUARE,
          );
    },
  );

  test(`the flat badges' outline has WCAG contrast ≥ ${OUTLINE_CONTRAST}:1 on both squares`, () => {
    for (const square of squares)
      expect(contrastRatio(PIECE_OUTLINE, square), square).toBeGreaterThanOrEqual(OUTLINE_CONTRAST);
  });
});
