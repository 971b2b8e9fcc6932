/** The placement tray: the pieces still to place, by home square, and the auto-placement buttons. */
import { HOME_ROLES, HOME_SQUARES, ROLES, squareName } from '../../core';
import { trayPieces, useGame } from '../../store/store';
import { ROLE_GLYPHS } from '../../text/glyphs';
import { homeSquareText } from '../../text/squares';

/** The placement tray; `shortcuts`: the auto-placement buttons (not in a lesson, which asks for one piece). */
export function Tray({ shortcuts = true }: { shortcuts?: boolean }) {
  const view = useGame((s) => s.view)!;
  const trayPiece = useGame((s) => s.trayPiece);
  const pick = useGame((s) => s.pickTrayPiece);
  const autoPlace = useGame((s) => s.autoPlaceRest);
  const online = useGame((s) => s.online !== null);
  const pos = view.position;
  const pieces = trayPieces(view);
  const colour = view.players[pos.turn].colour;
  // The player's seats: a home square is printed mirrored where they sit North (R1.6).
  const seats = pos.g.names.flatMap((_, board) =>
    pos.isLive(board)
      ? pos
          .boardPlayers(board)
          .flatMap((owner, seat) => (owner === pos.turn ? [{ board, north: seat === 1 }] : []))
      : [],
  );
  const home = (i: number) => homeSquareText(HOME_SQUARES[i], seats, pos.g.names);
  return (
    <section className="tray" aria-label="Pieces to place">
      <div className="tray-pieces">
        {pieces.map((i) => (
          <button
            key={i}
            type="button"
            className={`tray-piece${trayPiece === i ? ' picked' : ''}`}
            style={{ color: colour }}
            aria-pressed={trayPiece === i}
            data-piece={squareName(HOME_SQUARES[i])}
            title={`${ROLES[HOME_ROLES[i] - 1]} (home ${home(i).title})`}
            onClick={() => pick(trayPiece === i ? null : i)}
          >
            <span aria-hidden="true">{ROLE_GLYPHS[HOME_ROLES[i]]}</span>
            <small>{home(i).label}</small>
          </button>
        ))}
      </div>
      {shortcuts && (
        <div className="tray-actions">
          <button type="button" onClick={() => autoPlace('balanced')}>
            Auto-place the rest (balanced)
          </button>
          <button type="button" onClick={() => autoPlace('random')}>
            Auto-place the rest (random)
          </button>
          {!online && (
            <button type="button" onClick={() => autoPlace('balanced', 'all')}>
              Auto-place everyone
            </button>
          )}
        </div>
      )}
    </section>
  );
}
