import { afterEach, beforeEach, expect, test } from 'vitest';
import { PULSES, startHaptics } from '../../src/app/haptics';
import { cuesOf } from '../../src/store/cues';
import { defaultConfig } from '../../src/store/config';
import { usePrefs } from '../../src/device/prefs';
import { createGameStore } from '../../src/store/store';

const useGame = createGameStore();

let pulses: (readonly number[])[] = [];
let stop: () => void = () => {};
beforeEach(() => {
  pulses = [];
  stop = startHaptics(useGame, (p) => {
    pulses.push(p);
  });
  usePrefs.setState({ vibrate: true });
  useGame.getState().newGame({ ...defaultConfig(3, 'haptics'), placement: 'balanced' });
});
afterEach(() => stop());

/** Play legal actions (the first capture when there is one) until `want` says stop. */
function playUntil(want: (cues: string[]) => boolean): string[] {
  for (let i = 0; i < 300; i++) {
    const s = useGame.getState();
    const legal = s.view!.legalActions();
    const capture = legal.find((m) => s.view!.actionText(m).includes('x'));
    s.play(capture ?? legal[i % legal.length]);
    const g = useGame.getState().game!;
    const cues = cuesOf(g, g.length);
    if (want(cues)) return cues;
  }
  throw new Error('no such action in 300');
}

test('a capture gives one pulse, a check two; browsing history and undo give none', () => {
  playUntil((c) => c.includes('capture') && !c.includes('check'));
  expect(pulses.at(-1)).toEqual(PULSES.capture);
  playUntil((c) => c.includes('check'));
  expect(pulses.at(-1)).toEqual(PULSES.check);
  const felt = pulses.length;
  const s = useGame.getState();
  s.undo();
  s.redo();
  s.goTo(0);
  s.goTo(s.game!.length);
  expect(pulses.length).toBe(felt);
});

test('switched off, nothing vibrates', () => {
  usePrefs.setState({ vibrate: false });
  playUntil((c) => c.includes('capture'));
  expect(pulses).toEqual([]);
});
