/**
 * The square panel: a long press (or right-click) on a square says what stands there and every
 * piece attacking it, board by board — for a king, its square on every board it stands on. The
 * attackers are outlined on the boards meanwhile (src/scene/components/Explain.tsx). The panel lets taps
 * through to the boards (a tap elsewhere closes it, as does Esc or its close button), and a
 * live region reads it out.
 */
import { useGame } from '../store/store';
import { explainState } from '../store/explain';
import { explainNames, squareWords } from '../text/check';

export function SquareInfo() {
  const inspected = useGame((s) => explainState(s).inspected);
  const game = useGame((s) => s.game);
  const close = useGame((s) => s.inspectSquare);
  const words = inspected && game ? squareWords(inspected, explainNames(game)) : null;
  return (
    <>
      <div className="sr-only" aria-live="polite" data-testid="square-announcer">
        {words?.sentence ?? ''}
      </div>
      {words && (
        <section className="square-info" aria-label={`Square ${words.title}`}>
          <header>
            <h2>{words.title}</h2>
            <button
              type="button"
              className="close"
              aria-label="Close the square's information"
              onClick={() => close(null)}
              onPointerDown={(e) => e.stopPropagation()}
              onPointerUp={(e) => e.stopPropagation()}
            >
              ×
            </button>
          </header>
          <p className="occupant">{words.occupant}</p>
          {words.domain && <p className="domain">{words.domain}</p>}
          <ul>
            {words.groups.map((g) => (
              <li key={g.board}>
                <span className="board">On {g.board}:</span>{' '}
                {g.attackers.length ? g.attackers.join(', ') : 'not attacked'}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
