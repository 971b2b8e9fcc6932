import { describe, expect, test } from 'vitest';
import { DEFAULT_COLOURS, geometry } from '../../src/core';
import { DEMO_PLAYERS } from '../../src/demo/config';
import { channels, hueOf } from '../../src/scene/colourContrast';
import { CHECK_COLOUR } from '../../src/scene/gpu/geometries';
import { ARMY_COLOURS, DEFAULT_NAMES, defaultConfig } from '../../src/store/config';

/** Hue in degrees and saturation (HSV) of "#rrggbb". */
const hsv = (hex: string) => hueOf(channels(hex));

const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/** Colours this far apart in hue (degrees) do not read as the same colour family. */
const MIN_GAP = 30;

describe('colours that mean one thing (issue #11.7)', () => {
  const check = hsv(CHECK_COLOUR);

  test.each([
    ['the setup screen', ARMY_COLOURS],
    ['the core (command line, bots, tests)', DEFAULT_COLOURS],
    ['the demo', DEMO_PLAYERS.map((p) => p.colour)],
  ])('the check colour shares no hue with an army colour of %s at 3–8 players', (_, palette) => {
    for (let n = 3; n <= 8; n++)
      for (const colour of palette.slice(0, n)) {
        const army = hsv(colour);
        // Greys and whites have no hue to share.
        if (army.saturation < 0.15) continue;
        expect(hueGap(army.hue, check.hue), `${colour} against ${CHECK_COLOUR}`).toBeGreaterThan(
          MIN_GAP,
        );
      }
  });

  test('the check colour is a saturated colour (not a grey an army could look like)', () => {
    expect(check.saturation).toBeGreaterThan(0.7);
  });

  test('default names never begin with a player letter (A–H name players in turn order)', () => {
    const letters = geometry(8).names.join('');
    for (const name of DEFAULT_NAMES) expect(letters).not.toContain(name[0].toUpperCase());
    expect(defaultConfig(8).players.map((p) => p.name)).toEqual(DEFAULT_NAMES);
  });

  test('every default colour is distinct from the others in hue or brightness', () => {
    const hues = ARMY_COLOURS.map(hsv).filter((c) => c.saturation >= 0.15);
    for (let i = 0; i < hues.length; i++)
      for (let j = i + 1; j < hues.length; j++)
        expect(hueGap(hues[i].hue, hues[j].hue)).toBeGreaterThan(15);
  });
});
