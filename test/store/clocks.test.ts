/**
 * Clocks in a game on this device (issue #45 item 6): the store's clock slice runs the core's
 * clocks (R11.1) on a time it is given (a fake clock here, nothing waits), records `timeout X`
 * when a flag falls (R11.2), pauses offline, turns undo off, and keeps the times beside the
 * saved record (R11.4: the record itself stays clock-free).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LABELS } from '../../src/core';
import { saveOnChange } from '../../src/drivers/autosave';
import { driveClocks, type ClockTimers } from '../../src/drivers/clockDriver';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { AUTOSAVE_KEY, keptKeys, useStorage } from '../../src/device/persist';
import { createGameStore } from '../../src/store/store';
import { turnAccess } from '../../src/store/turnAccess';
import { memoryStorage } from '../fixtures/memoryStorage';

const MINUTE = 60_000;
const timed = (kinds: ('human' | 'bot')[] = ['human', 'human', 'human']): GameConfig => {
  const c = defaultConfig(kinds.length, 'clocks');
  return {
    ...c,
    players: c.players.map((p, i) => ({ ...p, kind: kinds[i], level: 1 })),
    placement: 'balanced',
    timeControl: { baseMs: MINUTE, incrementMs: 2_000 },
  };
};

/** A store with a timed game, its clocks started at time 0. */
function timedStore(config = timed()) {
  const store = createGameStore();
  store.getState().newGame(config);
  store.getState().tickClocks(0);
  return store;
}

/** Play the first legal action of the position shown. */
function playAny(store: ReturnType<typeof createGameStore>) {
  const view = store.getState().view!;
  expect(store.getState().play(view.legalActions()[0])).toBe(true);
}

const left = (store: ReturnType<typeof createGameStore>) =>
  store.getState().localClocks!.clocks.remainingMs;

/** Driver timers on the test's clock that never fire (the test ticks the clocks itself). */
const quietTimers = (now: () => number, shown = () => true): ClockTimers => ({
  now,
  setTimeout: () => null,
  clearTimeout: () => {},
  shown,
});

describe('clocks in a game on this device', () => {
  test('no time control: no clocks (off by default)', () => {
    const store = createGameStore();
    store.getState().newGame({ ...defaultConfig(3, 'clocks'), placement: 'balanced' });
    expect(store.getState().tickClocks(0)).toBeNull();
    expect(store.getState().localClocks).toBeNull();
  });

  test("R11.1: only the mover's clock runs; the increment is added when their turn ends", () => {
    const store = timedStore();
    const mover = store.getState().game!.position.turn;
    expect(left(store)).toEqual([MINUTE, MINUTE, MINUTE]);
    expect(store.getState().localClocks!.clocks.running).toBe(mover);
    playAny(store);
    store.getState().tickClocks(5_000);
    const after = left(store);
    expect(after[mover]).toBe(MINUTE - 5_000 + 2_000);
    expect(after.filter((_, p) => p !== mover)).toEqual([MINUTE, MINUTE]);
    expect(store.getState().localClocks!.clocks.running).toBe(store.getState().game!.position.turn);
  });

  test('R11.2: a fallen flag is recorded as `timeout X` and the player is out; the next clock runs', () => {
    const store = timedStore();
    const mover = store.getState().game!.position.turn;
    const length = store.getState().game!.length;
    // Before the time is up, nothing is recorded and the tick says when the flag falls.
    expect(store.getState().tickClocks(MINUTE - 1)).toBe(MINUTE);
    expect(store.getState().game!.length).toBe(length);
    store.getState().tickClocks(MINUTE);
    const s = store.getState();
    expect(s.game!.actions.at(-1)).toBe(`timeout ${LABELS[mover]}`);
    expect(s.game!.status().players[mover].state).toBe('eliminated');
    expect(s.localClocks!.clocks.running).toBe(s.game!.position.turn);
    expect(s.localClocks!.clocks.running).not.toBe(mover);
  });

  test("R11.2: a bot's flag falls too, its thinking time counted", () => {
    const store = createGameStore();
    const config = timed(['bot', 'bot', 'bot']);
    store.getState().newGame(config);
    store.getState().tickClocks(0);
    const mover = store.getState().game!.position.turn;
    store.getState().tickClocks(MINUTE + 10);
    expect(store.getState().game!.actions.at(-1)).toBe(`timeout ${LABELS[mover]}`);
  });

  test('R11.2: a flag that falls while an earlier position is shown is recorded at the end', () => {
    const store = timedStore();
    playAny(store);
    store.getState().tickClocks(1_000);
    const length = store.getState().game!.length;
    const mover = store.getState().game!.position.turn;
    store.getState().goTo(length - 1);
    store.getState().tickClocks(1_000 + MINUTE);
    const s = store.getState();
    expect(s.game!.length).toBe(length + 1);
    expect(s.game!.actions.at(-1)).toBe(`timeout ${LABELS[mover]}`);
    expect(s.cursor).toBe(s.game!.length);
  });

  test('paused clocks stand still (offline only); resumed, they go on from where they stood', () => {
    const store = timedStore();
    const mover = store.getState().game!.position.turn;
    store.getState().pauseClocks(10_000);
    expect(store.getState().tickClocks(500_000)).toBeNull();
    expect(store.getState().game!.actions.some((a) => a.startsWith('timeout'))).toBe(false);
    expect(left(store)[mover]).toBe(MINUTE - 10_000);
    store.getState().resumeClocks(500_000);
    expect(store.getState().tickClocks(500_000)).toBe(500_000 + MINUTE - 10_000);
  });

  test('undo and redo are off in a timed game, and play waits for the latest position', () => {
    const store = timedStore();
    playAny(store);
    const length = store.getState().game!.length;
    store.getState().undo();
    expect(store.getState().cursor).toBe(length);
    expect(store.getState().notice?.text).toMatch(/Undo is off in a game with clocks/);
    store.getState().goTo(length - 1);
    expect(turnAccess(store.getState())).toMatchObject({ may: false, why: 'clocks' });
  });

  test('a bad time control is refused with a clear error, and no game starts', () => {
    const store = createGameStore();
    const ok = store.getState().newGame({ ...timed(), timeControl: { baseMs: 5, incrementMs: 0 } });
    expect(ok).toBe(false);
    expect(store.getState().game).toBeNull();
    expect(store.getState().notice?.text).toMatch(
      /"baseMs" must be whole milliseconds, 1 s to 24 h/,
    );
  });

  test("a lesson shown meanwhile stops the game's clocks; back from it, they go on as they stood", () => {
    const store = timedStore();
    const game = store.getState().game!;
    const mover = game.position.turn;
    store.getState().startLesson('any', game, defaultConfig(3, 'lesson'));
    expect(store.getState().tickClocks(10_000)).toBeNull();
    store.getState().leaveLesson();
    store.getState().resumeClocks(500_000);
    expect(store.getState().tickClocks(500_000)).toBe(500_000 + MINUTE - 10_000);
    expect(left(store)[mover]).toBe(MINUTE - 10_000);
  });

  test('the driver sets one timer for the falling flag and records the time-out when it fires', () => {
    let now = 0;
    let pending: { run: () => void; at: number } | null = null;
    const timers: ClockTimers = {
      now: () => now,
      setTimeout: (run, ms) => (pending = { run, at: now + ms }),
      clearTimeout: (t) => {
        if (t === pending) pending = null;
      },
      shown: () => true,
    };
    const store = createGameStore();
    const stop = driveClocks(store, timers);
    store.getState().newGame(timed());
    const mover = store.getState().game!.position.turn;
    expect(pending!.at).toBe(MINUTE);
    now = pending!.at;
    pending!.run();
    expect(store.getState().game!.actions.at(-1)).toBe(`timeout ${LABELS[mover]}`);
    // The next player's flag is due a minute after that.
    expect(pending!.at).toBe(2 * MINUTE);
    stop();
  });

  test('the driver stops the clocks while the page is hidden', () => {
    let now = 0;
    let shown = true;
    const timers = quietTimers(
      () => now,
      () => shown,
    );
    const store = createGameStore();
    const stop = driveClocks(store, timers);
    store.getState().newGame(timed());
    const mover = store.getState().game!.position.turn;
    now = 5_000;
    shown = false;
    playAny(store); // a change while hidden: the driver pauses first, then counts
    expect(store.getState().localClocks!.paused).toBe(true);
    expect(left(store)[mover]).toBe(MINUTE - 5_000 + 2_000);
    stop();
  });
});

describe('the hand-over holds the clocks', () => {
  test("while the pass-and-play hand-over covers the boards, the next player's clock stands still", () => {
    let now = 0;
    const timers = quietTimers(() => now);
    const store = createGameStore();
    const stop = driveClocks(store, timers);
    store.getState().newGame(timed());
    now = 3_000;
    playAny(store);
    const next = store.getState().game!.position.turn;
    store.getState().holdClocks(true);
    now = 400_000;
    expect(store.getState().tickClocks(now)).toBeNull();
    expect(store.getState().game!.actions.some((a) => a.startsWith('timeout'))).toBe(false);
    store.getState().holdClocks(false); // the next player says they are there
    expect(store.getState().localClocks!.paused).toBe(false);
    expect(left(store)[next]).toBe(MINUTE);
    expect(store.getState().tickClocks(now)).toBe(now + MINUTE);
    stop();
  });
});

describe('the clocks stand still away from the game', () => {
  test('while the setup screen shows, the clocks of the game behind it stand still', () => {
    let now = 0;
    const timers = quietTimers(() => now);
    const store = createGameStore();
    const stop = driveClocks(store, timers);
    store.getState().newGame(timed());
    const mover = store.getState().game!.position.turn;
    now = 4_000;
    store.getState().showSetup();
    now = 300_000;
    expect(store.getState().tickClocks(now)).toBeNull();
    store.setState({ screen: 'game' }); // "Back to the game"
    expect(store.getState().localClocks!.paused).toBe(false);
    expect(store.getState().tickClocks(now)).toBe(now + MINUTE - 4_000);
    expect(left(store)[mover]).toBe(MINUTE - 4_000);
    stop();
  });
});

describe('a saved timed game', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    useStorage.setState({ problem: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A timed game saved after one move, 5 s into it. */
  function saved() {
    const store = timedStore();
    const stop = saveOnChange(store, (flush) => flush());
    playAny(store);
    store.getState().tickClocks(5_000);
    stop();
    return store;
  }

  test('R11.4: the times are saved beside the record, which stays clock-free; resumed, they are kept', () => {
    const store = saved();
    const data = JSON.parse(localStorage.getItem(AUTOSAVE_KEY)!);
    expect(data.clocks).toEqual({ remainingMs: left(store), at: store.getState().game!.length });
    expect(JSON.stringify(data.save)).not.toMatch(/remainingMs|timeout/);
    const again = createGameStore();
    again.getState().resumeStored();
    expect(again.getState().localClocks).toMatchObject({ paused: true });
    expect(left(again)).toEqual(left(store));
    // Resumed at page time 1000, the mover has the time they had.
    again.getState().resumeClocks(1_000);
    const mover = again.getState().game!.position.turn;
    expect(again.getState().tickClocks(1_000)).toBe(1_000 + left(store)[mover]);
  });

  test('bad stored times: a clear error, the game resumes with fresh clocks, and the stored text is kept aside', () => {
    const before = saved().getState().game!;
    const data = JSON.parse(localStorage.getItem(AUTOSAVE_KEY)!);
    data.clocks.remainingMs[1] = -5;
    const raw = JSON.stringify(data);
    localStorage.setItem(AUTOSAVE_KEY, raw);
    const again = createGameStore();
    again.getState().resumeStored();
    expect(again.getState().game!.actions).toEqual(before.actions);
    expect(useStorage.getState().problem?.text).toMatch(
      /clocks are not valid \(clocks\.remainingMs\[1\] is not whole ms/,
    );
    expect(keptKeys().map((k) => localStorage.getItem(k))).toContain(raw);
    again.getState().tickClocks(0);
    expect(left(again)).toEqual([MINUTE, MINUTE, MINUTE]);
  });
});
