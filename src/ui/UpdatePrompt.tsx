/**
 * The installed app's service worker (vite-plugin-pwa): says once that the game now works
 * offline, and offers a new version with a "Reload" button — the new version never replaces
 * the running one by itself, so a game in progress is never swapped out under the players
 * (it is saved after every action and resumes after the reload).
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How long "Ready to play offline" stays up. */
const OFFLINE_NOTE_MS = 6000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, setOfflineReady]);
  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt" role="status">
      {needRefresh ? (
        <>
          <span>A new version of the game is ready. Your game is saved.</span>
          <button type="button" className="primary" onClick={() => updateServiceWorker(true)}>
            Reload
          </button>
          <button type="button" onClick={() => setNeedRefresh(false)}>
            Later
          </button>
        </>
      ) : (
        <>
          <span>Ready to play offline.</span>
          <button type="button" onClick={() => setOfflineReady(false)} aria-label="Dismiss">
            ×
          </button>
        </>
      )}
    </div>
  );
}
