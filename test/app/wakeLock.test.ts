import { afterEach, beforeEach, expect, test } from 'vitest';
import { keepScreenOn, type WakeLockApi, type WakeLockHold } from '../../src/app/wakeLock';
import { defaultConfig } from '../../src/store/config';
import { usePrefs } from '../../src/device/prefs';
import { createGameStore, parseIn } from '../../src/store/store';

class FakeHold implements WakeLockHold {
  released = false;
  async release(): Promise<void> {
    this.released = true;
  }
}

/** navigator.wakeLock as a browser gives it: every request granted, unless `refuse`. */
class FakeWakeLock implements WakeLockApi {
  holds: FakeHold[] = [];
  refuse = false;
  /** Requests made, granted or not. */
  asked = 0;
  async request(type: 'screen'): Promise<WakeLockHold> {
    expect(type).toBe('screen');
    this.asked++;
    if (this.refuse)
      throw new DOMException('Wake Lock permission request denied', 'NotAllowedError');
    const hold = new FakeHold();
    this.holds.push(hold);
    return hold;
  }
  /** Locks held now. */
  get held(): number {
    return this.holds.filter((h) => !h.released).length;
  }
}

/** The document's visibility; hiding the page lets every lock go, as the browser does. */
class FakePage extends EventTarget {
  visibilityState = 'visible';
  show(visible: boolean, lock: FakeWakeLock): void {
    this.visibilityState = visible ? 'visible' : 'hidden';
    if (!visible) for (const h of lock.holds) h.released = true;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** Let the requests' promises settle. */
const settled = () => new Promise((done) => setTimeout(done, 0));

let useGame = createGameStore();
let lock = new FakeWakeLock();
let page = new FakePage();
let stop: () => void = () => {};

beforeEach(() => {
  useGame = createGameStore();
  lock = new FakeWakeLock();
  page = new FakePage();
  usePrefs.setState({ keepAwake: true });
  stop = keepScreenOn(useGame, lock, page);
});
afterEach(() => stop());

const startGame = () =>
  useGame.getState().newGame({ ...defaultConfig(3, 'wake-lock'), placement: 'balanced' });

/** A game in play, its lock request answered. */
async function startGameAndSettle(): Promise<void> {
  startGame();
  await settled();
}

/** Any change in the game: its first legal action. */
function playAMove(): void {
  const s = useGame.getState();
  expect(s.play(s.view!.legalActions()[0])).toBe(true);
}

test('a game in play holds the lock; the setup screen lets it go', async () => {
  await settled();
  expect(lock.held).toBe(0);
  await startGameAndSettle();
  expect(lock.held).toBe(1);
  useGame.getState().showSetup();
  await settled();
  expect(lock.held).toBe(0);
  expect(lock.holds).toHaveLength(1);
});

test('a game that is over lets it go', async () => {
  await startGameAndSettle();
  expect(lock.held).toBe(1);
  // Two of the three players resign: the game is over (R7).
  for (let i = 0; i < 2; i++) {
    const s = useGame.getState();
    expect(s.play(parseIn(s.view!, 'resign')!)).toBe(true);
  }
  await settled();
  expect(lock.held).toBe(0);
});

test('the page hidden and shown again: the lock the browser let go is asked for again', async () => {
  await startGameAndSettle();
  page.show(false, lock);
  await settled();
  expect(lock.held).toBe(0);
  expect(lock.holds).toHaveLength(1);
  page.show(true, lock);
  await settled();
  expect(lock.held).toBe(1);
  expect(lock.holds).toHaveLength(2);
});

test('a lock the browser let go on its own (a battery saver) is asked for again at the next change', async () => {
  await startGameAndSettle();
  lock.holds[0].released = true;
  playAMove();
  await settled();
  expect(lock.held).toBe(1);
  expect(lock.holds).toHaveLength(2);
});

test('switched off in Settings it is let go, and taken again when switched on', async () => {
  await startGameAndSettle();
  usePrefs.setState({ keepAwake: false });
  await settled();
  expect(lock.held).toBe(0);
  usePrefs.setState({ keepAwake: true });
  await settled();
  expect(lock.held).toBe(1);
});

test('a refused request changes nothing in the game; asked again after the next action, not at every change', async () => {
  lock.refuse = true;
  await startGameAndSettle();
  expect(lock.held).toBe(0);
  expect(lock.asked).toBe(1);
  expect(useGame.getState().screen).toBe('game');
  // Changes that are not an action of the game (a dialog opened and closed) ask nothing.
  useGame.getState().setDialog('rules');
  useGame.getState().setDialog(null);
  await settled();
  expect(lock.asked).toBe(1);
  lock.refuse = false;
  playAMove();
  await settled();
  expect(lock.asked).toBe(2);
  expect(lock.held).toBe(1);
});

test('after a refusal, the page coming back asks again', async () => {
  lock.refuse = true;
  await startGameAndSettle();
  lock.refuse = false;
  page.show(false, lock);
  page.show(true, lock);
  await settled();
  expect(lock.held).toBe(1);
});

test('a lock granted after the game was left is let go at once', async () => {
  startGame();
  // The request is still on its way when the player leaves.
  useGame.getState().showSetup();
  await settled();
  expect(lock.holds).toHaveLength(1);
  expect(lock.held).toBe(0);
});

test('stopping lets the lock go and asks for none after', async () => {
  await startGameAndSettle();
  stop();
  expect(lock.held).toBe(0);
  usePrefs.setState({ keepAwake: false });
  usePrefs.setState({ keepAwake: true });
  await settled();
  expect(lock.holds).toHaveLength(1);
});
