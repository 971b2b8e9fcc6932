/**
 * The installed app's service worker (vite-plugin-pwa): offers a new version with a "Reload"
 * button — the new version never replaces the running one by itself, so a game in progress is
 * never swapped out under the players (it is saved after every action and resumes after the
 * reload). That the game now works offline goes to the install store, which the setup screen
 * shows in its own flow (a toast covered the setup's controls, issue 50 item 8).
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useInstall } from '../device/install';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW();
  useEffect(() => {
    if (offlineReady) useInstall.setState({ offlineReady: true });
  }, [offlineReady]);
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version of the game is ready. Your game is saved.</span>
      <button type="button" className="primary" onClick={() => updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
