/** The coach: a hint for the moment of the human to move, until dismissed. */
import { useGame } from '../../store/store';
import { turnAccess } from '../../store/turnAccess';
import { HINTS, hintMoment } from '../../text';
import { usePrefs } from '../../device/prefs';
import { useDeviceWords } from '../deviceWords';

/**
 * The hint for the moment of the human to move (placing, playing, a final move, a king to take,
 * a flight), until its "Got it" dismisses it for good (remembered; Settings shows them again).
 */
export function Hint() {
  const moment = useGame((s) => {
    const access = turnAccess(s);
    return access.may && access.live ? hintMoment(s.view!.status().kind) : null;
  });
  const dismissed = usePrefs((p) => p.hintsDismissed);
  const addTo = usePrefs((p) => p.addTo);
  const said = useDeviceWords();
  if (!moment || dismissed.includes(moment)) return null;
  const hint = HINTS[moment];
  return (
    <aside className="hint" aria-label="Hint" data-moment={moment}>
      <p>
        <strong>{hint.title}.</strong> {said(hint.text)}
      </p>
      <button type="button" onClick={() => addTo('hintsDismissed', moment)}>
        Got it
      </button>
    </aside>
  );
}
