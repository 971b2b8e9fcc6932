import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cuesOf } from '../../src/store/cues';
import { defaultConfig } from '../../src/store/config';
import { usePrefs } from '../../src/device/prefs';
import { createGameStore } from '../../src/store/store';
import {
  SOUNDS,
  createSound,
  soundOf,
  startSound,
  wantSound,
  type AudioLike,
  type SoundName,
} from '../../src/app/sound';

/** A fake AudioContext that records the oscillators started, by their first frequency. */
function fakeAudio() {
  const started: number[] = [];
  let made = 0;
  const param = () => {
    const p = {
      value: 0,
      setValueAtTime: (v: number) => ((p.value ||= v), p),
      exponentialRampToValueAtTime: () => p,
    };
    return p;
  };
  const make = (): AudioLike => {
    made++;
    return {
      currentTime: 0,
      state: 'running',
      destination: {} as AudioDestinationNode,
      resume: async () => {},
      createGain: () => ({ gain: param(), connect: (n: unknown) => n }) as unknown as GainNode,
      createOscillator: () => {
        const frequency = param();
        return {
          type: 'sine',
          frequency,
          connect: (n: unknown) => n,
          start: () => started.push(frequency.value),
          stop: () => {},
        } as unknown as OscillatorNode;
      },
    };
  };
  return { make, started, made: () => made };
}

const firstFreq = (name: SoundName) => SOUNDS[name][0].freq;

describe('sound', () => {
  test('nothing sounds, and no audio context exists, before the first user gesture', () => {
    const audio = fakeAudio();
    const sound = createSound(audio.make, () => false);
    sound.play('check');
    expect(audio.made()).toBe(0);
    sound.unlock();
    sound.unlock();
    expect(audio.made()).toBe(1);
    sound.play('check');
    expect(audio.started).toEqual(SOUNDS.check.map((t) => t.freq));
  });

  test('muted, nothing sounds', () => {
    const audio = fakeAudio();
    let muted = true;
    const sound = createSound(audio.make, () => muted);
    sound.unlock();
    sound.play('move');
    expect(audio.started).toEqual([]);
    muted = false;
    sound.play('move');
    expect(audio.started.length).toBe(SOUNDS.move.length);
  });

  test('an action sounds its strongest cue', () => {
    expect(soundOf(['move'])).toBe('move');
    expect(soundOf(['capture', 'shift'])).toBe('capture');
    expect(soundOf(['move', 'shift'])).toBe('shift');
    expect(soundOf(['capture', 'check'])).toBe('check');
    expect(soundOf(['capture', 'check', 'checkmate'])).toBe('checkmate');
    expect(soundOf(['move', 'collapse'])).toBe('collapse');
    expect(soundOf(['place'])).toBe('place');
    expect(soundOf([])).toBeNull();
  });

  test('silent under automation unless the address asks for sound', () => {
    expect(wantSound('', false)).toBe(true);
    expect(wantSound('', true)).toBe(false);
    expect(wantSound('?sound', true)).toBe(true);
  });
});

describe('sound in a game', () => {
  const useGame = createGameStore();
  const doc = Object.assign(new EventTarget(), { title: 'n-Dimensional Chess', hidden: false });
  let audio: ReturnType<typeof fakeAudio>;
  let stop: () => void;
  beforeEach(() => {
    usePrefs.setState({ muted: false });
    audio = fakeAudio();
    stop = startSound(
      useGame,
      createSound(audio.make, () => usePrefs.getState().muted),
      doc as unknown as Document,
    );
    useGame.getState().newGame({ ...defaultConfig(3, 'sound'), placement: 'balanced' });
    doc.dispatchEvent(new Event('pointerdown'));
  });
  afterEach(() => stop());

  test('every action played at the end of the record sounds its cue, and the next human hears "your turn"', () => {
    for (let i = 0; i < 30; i++) {
      audio.started.length = 0;
      const s = useGame.getState();
      s.play(s.view!.legalActions()[0]);
      const g = useGame.getState().game!;
      const name = soundOf(cuesOf(g, g.length))!;
      expect(audio.started[0]).toBe(firstFreq(name));
      // Every seat is human: the turn always passes to another human.
      expect(audio.started.at(-SOUNDS['your-turn'].length)).toBe(firstFreq('your-turn'));
    }
  });

  test('undo, redo and browsing are silent', () => {
    const s = useGame.getState();
    s.play(s.view!.legalActions()[0]);
    audio.started.length = 0;
    s.undo();
    useGame.getState().redo();
    useGame.getState().goTo(0);
    expect(audio.started).toEqual([]);
  });

  test('the tab title says "Your move" while the page is hidden and a human is to move', () => {
    doc.hidden = true;
    const s = useGame.getState();
    s.play(s.view!.legalActions()[0]);
    expect(doc.title).toBe('Your move — n-Dimensional Chess');
    doc.hidden = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(doc.title).toBe('n-Dimensional Chess');
  });
});
