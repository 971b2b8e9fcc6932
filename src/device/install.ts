/**
 * "Install the game" from the game itself. Chromium-based browsers (Android tablets, desktop
 * Chrome and Edge) announce that the app can be installed with a `beforeinstallprompt` event,
 * which the page may keep and replay from its own button. Safari on an iPad has no such event:
 * there the game says how (Share, then Add to Home Screen). Nothing is offered once the game runs
 * installed. Device state, not game state: a store of its own.
 */
import { create } from 'zustand';

/** The browser's install offer (BeforeInstallPromptEvent, not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the game can offer: its own install button, the iPad's way, or nothing. */
export type InstallOffer = 'button' | 'share-menu' | 'none';

interface InstallState {
  /** The browser's offer, kept for the button (it can be shown once). */
  prompt: InstallPromptEvent | null;
  /** Safari on an iPad, not installed: the Share menu is the way. */
  shareMenu: boolean;
  /** The service worker has cached the game: it plays offline from now on. */
  offlineReady: boolean;
  /** Show the browser's install dialog (from a tap: browsers require a user gesture). */
  install(): Promise<void>;
}

export const useInstall = create<InstallState>()((set, get) => ({
  prompt: null,
  shareMenu: false,
  offlineReady: false,
  async install() {
    const prompt = get().prompt;
    if (!prompt) return;
    set({ prompt: null });
    try {
      await prompt.prompt();
      await prompt.userChoice;
    } catch {
      // Refused (shown already, or not from a tap): nothing lost, nothing to say.
    }
    // Dismissed or refused, the browser may offer again later (a new beforeinstallprompt).
  },
}));

/** What the game offers now, derived from the state. */
export const offerOf = (s: InstallState): InstallOffer =>
  s.prompt ? 'button' : s.shareMenu ? 'share-menu' : 'none';

/** The parts of `window` read here. */
export interface InstallHost {
  matchMedia(query: string): { matches: boolean };
  navigator: { maxTouchPoints: number; standalone?: boolean };
  addEventListener(
    type: 'beforeinstallprompt' | 'appinstalled',
    listener: (e: Event) => void,
  ): void;
}

/** Is the game running installed (from the home screen, in its own window)? */
function runsInstalled(host: InstallHost): boolean {
  return (
    host.navigator.standalone === true ||
    ['standalone', 'fullscreen', 'minimal-ui'].some(
      (mode) => host.matchMedia(`(display-mode: ${mode})`).matches,
    )
  );
}

/** Follow the browser's install offers from page load on (main.tsx). */
export function watchInstall(host: InstallHost = window as unknown as InstallHost): void {
  if (runsInstalled(host)) return;
  // Only Safari on iOS and iPadOS has navigator.standalone; an iPad answers to touch.
  if ('standalone' in host.navigator && host.navigator.maxTouchPoints > 1)
    useInstall.setState({ shareMenu: true });
  host.addEventListener('beforeinstallprompt', (e) => {
    // Keep the offer for the game's own button instead of the browser's mini-bar.
    e.preventDefault();
    useInstall.setState({ prompt: e as InstallPromptEvent });
  });
  host.addEventListener('appinstalled', () =>
    useInstall.setState({ prompt: null, shareMenu: false }),
  );
}
