/** The view's own switches: "my boards" and flat pieces (device preferences, see device/prefs). */
import { useGame } from '../store/store';
import { myBoardsOn, usePrefs } from '../device/prefs';

export function ViewToggles() {
  const n = useGame((s) => s.view?.position.n ?? 0);
  const flatPieces = usePrefs((s) => s.flatPieces);
  const myBoards = usePrefs((s) => s.myBoards);
  const setPref = usePrefs((s) => s.setPref);
  const mine = myBoardsOn(myBoards, n);
  return (
    <div
      className="view-toggles"
      role="group"
      aria-label="View"
      // Not a tap on the boards behind.
      onPointerDown={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
    >
      <button
        type="button"
        aria-pressed={mine}
        onClick={() => setPref('myBoards', !mine)}
        title="Bring your boards to the front, the others dimmed behind"
      >
        My boards
      </button>
      <button
        type="button"
        aria-pressed={flatPieces}
        onClick={() => setPref('flatPieces', !flatPieces)}
        title="Show the pieces as flat badges facing you (for small screens)"
      >
        Flat pieces
      </button>
    </div>
  );
}
