/**
 * What the device offers beyond the game: full screen (where the Fullscreen API exists) and
 * vibration on check and capture (where the device can vibrate, on unless switched off), and
 * the sound switch and the pass-and-play hand-over screen.
 */
import { useEffect, useState } from 'react';
import { usePrefs } from '../store/prefs';

function useFullscreen(): boolean {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return on;
}

export function DeviceControls() {
  const fullscreen = useFullscreen();
  const vibrate = usePrefs((s) => s.vibrate);
  const muted = usePrefs((s) => s.muted);
  const passAndPlay = usePrefs((s) => s.passAndPlay);
  const setPref = usePrefs((s) => s.setPref);
  return (
    <>
      {document.fullscreenEnabled && (
        <button
          type="button"
          aria-pressed={fullscreen}
          onClick={() =>
            fullscreen
              ? document.exitFullscreen()
              : document.documentElement.requestFullscreen({ navigationUI: 'hide' })
          }
        >
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </button>
      )}
      <label className="toggle">
        <input
          type="checkbox"
          checked={!muted}
          onChange={(e) => setPref('muted', !e.target.checked)}
        />
        Sound
      </label>
      <label className="toggle">
        <input
          type="checkbox"
          checked={passAndPlay}
          onChange={(e) => setPref('passAndPlay', e.target.checked)}
        />
        Hand-over screen between players
      </label>
      {'vibrate' in navigator && (
        <label className="toggle">
          <input
            type="checkbox"
            checked={vibrate}
            onChange={(e) => setPref('vibrate', e.target.checked)}
          />
          Vibrate on check and capture
        </label>
      )}
    </>
  );
}
