/**
 * What the device offers beyond the game, behind one "Settings" button: full screen (where the
 * Fullscreen API exists), sound, the pass-and-play hand-over screen, vibration on check and
 * capture (where the device can vibrate), the screen kept on during a game (where the browser
 * has a wake lock), installing the game (where the browser offers it), and the game hints
 * dismissed brought back; and the game as text (GameText.tsx). One button keeps the controls bar
 * short on a tablet.
 */
import { useEffect, useState } from 'react';
import { usePrefs } from '../device/prefs';
import { useGame } from '../store/store';
import { InstallOffer } from './InstallOffer';

function useFullscreen(): boolean {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return on;
}

/** A device preference as a checkbox (`invert`: checked means the preference is off). */
function Toggle({
  pref,
  label,
  invert = false,
}: {
  pref: 'muted' | 'passAndPlay' | 'vibrate' | 'keepAwake';
  label: string;
  invert?: boolean;
}) {
  const value = usePrefs((s) => s[pref]);
  const setPref = usePrefs((s) => s.setPref);
  return (
    <label className="toggle">
      <input
        type="checkbox"
        checked={invert ? !value : value}
        onChange={(e) => setPref(pref, invert ? !e.target.checked : e.target.checked)}
      />
      {label}
    </label>
  );
}

/** Bring back the game hints dismissed with "Got it". */
function ShowHints() {
  const dismissed = usePrefs((s) => s.hintsDismissed.length);
  const setPref = usePrefs((s) => s.setPref);
  return (
    <button type="button" disabled={dismissed === 0} onClick={() => setPref('hintsDismissed', [])}>
      Show hints again
    </button>
  );
}

/** Open the game as text (copy it, or paste one to load); only where a game is shown. */
function GameTextButton({ close }: { close: () => void }) {
  const shown = useGame((s) => s.screen === 'game' && s.game !== null && s.lesson === null);
  const setDialog = useGame((s) => s.setDialog);
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={() => {
        close();
        setDialog('text');
      }}
    >
      Game as text
    </button>
  );
}

export function DeviceControls() {
  const [open, setOpen] = useState(false);
  const fullscreen = useFullscreen();
  return (
    <>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Settings
      </button>
      {open && (
        <div className="settings-pop" role="group" aria-label="Settings">
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
          <Toggle pref="muted" label="Sound" invert />
          <Toggle pref="passAndPlay" label="Hand-over screen between players" />
          {'vibrate' in navigator && <Toggle pref="vibrate" label="Vibrate on check and capture" />}
          {'wakeLock' in navigator && (
            <Toggle pref="keepAwake" label="Keep the screen on during a game" />
          )}
          <InstallOffer />
          <ShowHints />
          <GameTextButton close={() => setOpen(false)} />
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </>
  );
}
