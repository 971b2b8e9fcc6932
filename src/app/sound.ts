/**
 * Sounds of the game, synthesised with the Web Audio API (nothing is fetched): one short cue
 * for what the action just played made happen, and a chime when a human is to move after
 * someone else. No audio context exists before the first user gesture (browsers require it),
 * the mute switch is a device preference, and under automated browsers the game is silent
 * unless the address asks for sound (`?sound`).
 */
import { type Cue, cuesOf } from '../store/cues';
import { turnAccess } from '../store/turnAccess';
import { usePrefs } from '../device/prefs';
import type { GameStore } from '../store/store';

/** A cue of an action, or the chime when the turn comes to a human. */
export type SoundName = Cue | 'your-turn';

/** One tone: a frequency (gliding to `to`), when it starts and how long it sounds, in seconds. */
interface Tone {
  type: OscillatorType;
  freq: number;
  to?: number;
  at: number;
  dur: number;
  gain: number;
}

const tone = (
  type: OscillatorType,
  freq: number,
  at: number,
  dur: number,
  gain = 0.2,
  to?: number,
) => ({ type, freq, at, dur, gain, to }) satisfies Tone;

export const SOUNDS: Record<SoundName, Tone[]> = {
  place: [tone('triangle', 520, 0, 0.06, 0.12)],
  move: [tone('triangle', 330, 0, 0.07, 0.18), tone('sine', 660, 0, 0.05, 0.06)],
  capture: [tone('square', 196, 0, 0.09, 0.12), tone('triangle', 392, 0.02, 0.12, 0.2)],
  shift: [tone('sine', 300, 0, 0.32, 0.16, 900)],
  check: [tone('triangle', 880, 0, 0.1, 0.2), tone('triangle', 1175, 0.12, 0.14, 0.2)],
  checkmate: [
    tone('triangle', 784, 0, 0.16, 0.2),
    tone('triangle', 622, 0.17, 0.16, 0.2),
    tone('triangle', 466, 0.34, 0.36, 0.22),
  ],
  elimination: [tone('sine', 110, 0, 0.5, 0.3, 55)],
  collapse: [tone('sawtooth', 90, 0, 0.9, 0.14, 30), tone('sine', 60, 0.1, 0.9, 0.25, 35)],
  'your-turn': [tone('sine', 988, 0, 0.12, 0.1), tone('sine', 1319, 0.1, 0.22, 0.1)],
};

/** The cue that speaks for an action: the strongest of its cues. */
const LOUDEST: Cue[] = [
  'checkmate',
  'elimination',
  'collapse',
  'check',
  'capture',
  'shift',
  'move',
  'place',
];
export function soundOf(cues: Cue[]): SoundName | null {
  return LOUDEST.find((c) => cues.includes(c)) ?? null;
}

/** The part of an AudioContext this module uses (a fake one in tests). */
export type AudioLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain' | 'resume' | 'state'
>;

export interface Sound {
  /** A user gesture happened: audio may start (the context is made on the first one). */
  unlock(): void;
  play(name: SoundName): void;
}

export function createSound(makeContext: () => AudioLike, muted: () => boolean): Sound {
  let ctx: AudioLike | null = null;
  return {
    unlock() {
      ctx ??= makeContext();
      if (ctx.state === 'suspended') void ctx.resume();
    },
    play(name) {
      if (!ctx || muted()) return;
      const now = ctx.currentTime;
      for (const t of SOUNDS[name]) {
        const osc = ctx.createOscillator();
        const amp = ctx.createGain();
        osc.type = t.type;
        osc.frequency.setValueAtTime(t.freq, now + t.at);
        if (t.to) osc.frequency.exponentialRampToValueAtTime(t.to, now + t.at + t.dur);
        // A quick attack and an exponential fade: no clicks.
        amp.gain.setValueAtTime(0.0001, now + t.at);
        amp.gain.exponentialRampToValueAtTime(t.gain, now + t.at + 0.01);
        amp.gain.exponentialRampToValueAtTime(0.0001, now + t.at + t.dur);
        osc.connect(amp).connect(ctx.destination);
        osc.start(now + t.at);
        osc.stop(now + t.at + t.dur + 0.02);
      }
    },
  };
}

/** This device is to move at the end of the record (a human here, or its online seat). */
function humanToMove(store: GameStore): boolean {
  const access = turnAccess(store.getState());
  return access.may && access.live;
}

/**
 * Plays the cues of every new action at the end of the record, and "your turn" when the turn
 * comes to a human from someone else; shows "Your move" in the tab title while the page is
 * hidden and a human is to move. Returns a function that stops it all.
 */
export function startSound(store: GameStore, sound: Sound, doc: Document = document): () => void {
  const title = doc.title;
  const unlock = () => sound.unlock();
  const events = ['pointerdown', 'keydown'] as const;
  for (const e of events) doc.addEventListener(e, unlock, { capture: true });
  const updateTitle = () => {
    doc.title = doc.hidden && humanToMove(store) ? `Your move — ${title}` : title;
  };
  doc.addEventListener('visibilitychange', updateTitle);
  const unsubscribe = store.subscribe((s, prev) => {
    updateTitle();
    if (!s.game || s.game === prev.game || s.cursor !== s.game.length) return;
    if (s.cursor !== prev.cursor + 1) return;
    const name = soundOf(cuesOf(s.game, s.cursor));
    if (name) sound.play(name);
    const mover = s.game.positionAt(s.cursor - 1).turn;
    if (humanToMove(store) && s.view!.position.turn !== mover) sound.play('your-turn');
  });
  return () => {
    unsubscribe();
    for (const e of events) doc.removeEventListener(e, unlock, { capture: true });
    doc.removeEventListener('visibilitychange', updateTitle);
    doc.title = title;
  };
}

/** Sound for the app: silent on a page driven by a script (tests) unless the address says `?sound`. */
export function wantSound(search: string, automated: boolean): boolean {
  return !automated || new URLSearchParams(search).has('sound');
}

export const browserSound = () =>
  createSound(
    () => new AudioContext(),
    () => usePrefs.getState().muted,
  );
