/**
 * The install offer (device/install.ts): a button where the browser lets the game show its
 * install dialog, the way to do it on an iPad, or nothing (installed already, or no way); and
 * whether the game plays offline yet.
 */
import { offerOf, useInstall } from '../device/install';

export function InstallOffer() {
  const offer = useInstall(offerOf);
  const install = useInstall((s) => s.install);
  if (offer === 'button')
    return (
      <button type="button" onClick={() => void install()}>
        Install the game
      </button>
    );
  if (offer === 'share-menu')
    return (
      <p className="install-hint">
        To install the game: Share, then <b>Add to Home Screen</b>. It then opens full screen and
        plays offline.
      </p>
    );
  return null;
}

/** "Ready to play offline", once the service worker has cached the game: a line in the flow. */
export function OfflineReady() {
  const ready = useInstall((s) => s.offlineReady);
  return ready ? (
    <p className="offline-ready" role="status">
      Ready to play offline.
    </p>
  ) : null;
}
