import { beforeEach, expect, test } from 'vitest';
import {
  offerOf,
  useInstall,
  watchInstall,
  type InstallHost,
  type InstallPromptEvent,
} from '../../src/device/install';

/** A window: its display mode, its navigator, its events. */
class FakeWindow extends EventTarget implements InstallHost {
  constructor(
    readonly navigator: { maxTouchPoints: number; standalone?: boolean },
    private readonly mode = 'browser',
  ) {
    super();
  }
  matchMedia(query: string) {
    return { matches: query === `(display-mode: ${this.mode})` };
  }
}

/** The browser's offer: what the page did with it, and the player's answer. */
function offer(outcome: 'accepted' | 'dismissed', refuse = false) {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const shown = { count: 0 };
  Object.assign(e, {
    prompt: async () => {
      shown.count++;
      if (refuse) throw new DOMException('not from a user gesture', 'NotAllowedError');
    },
    userChoice: Promise.resolve({ outcome }),
  });
  return { e, shown };
}

beforeEach(() => useInstall.setState({ prompt: null, shareMenu: false }));

test("the browser's offer becomes the game's own button; a tap shows the dialog once", async () => {
  const win = new FakeWindow({ maxTouchPoints: 0 });
  watchInstall(win);
  expect(offerOf(useInstall.getState())).toBe('none');
  const { e, shown } = offer('accepted');
  win.dispatchEvent(e);
  expect(e.defaultPrevented).toBe(true); // not the browser's own mini-bar
  expect(offerOf(useInstall.getState())).toBe('button');
  await useInstall.getState().install();
  expect(shown.count).toBe(1);
  expect(offerOf(useInstall.getState())).toBe('none');
  await useInstall.getState().install();
  expect(shown.count).toBe(1);
});

test('dismissed, the button comes back only with a new offer; installed, it goes', async () => {
  const win = new FakeWindow({ maxTouchPoints: 0 });
  watchInstall(win);
  win.dispatchEvent(offer('dismissed').e);
  await useInstall.getState().install();
  expect(offerOf(useInstall.getState())).toBe('none');
  win.dispatchEvent(offer('accepted').e);
  expect(offerOf(useInstall.getState())).toBe('button');
  win.dispatchEvent(new Event('appinstalled'));
  expect(offerOf(useInstall.getState())).toBe('none');
});

test('a dialog the browser refuses to show loses nothing', async () => {
  const win = new FakeWindow({ maxTouchPoints: 0 });
  watchInstall(win);
  const { e, shown } = offer('accepted', true);
  win.dispatchEvent(e);
  await expect(useInstall.getState().install()).resolves.toBeUndefined();
  expect(shown.count).toBe(1);
});

test("an iPad's Safari is told the way (Share, then Add to Home Screen)", () => {
  watchInstall(new FakeWindow({ maxTouchPoints: 5, standalone: false }));
  expect(offerOf(useInstall.getState())).toBe('share-menu');
});

test('running installed, nothing is offered', () => {
  const ipad = new FakeWindow({ maxTouchPoints: 5, standalone: true });
  watchInstall(ipad);
  expect(offerOf(useInstall.getState())).toBe('none');
  const android = new FakeWindow({ maxTouchPoints: 5 }, 'standalone');
  watchInstall(android);
  android.dispatchEvent(offer('accepted').e);
  expect(offerOf(useInstall.getState())).toBe('none');
});
