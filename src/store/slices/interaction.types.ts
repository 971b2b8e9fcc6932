/** The interaction slice (interaction.ts): selection, targets, choices and the placement tray. */
import type { Destination } from '../../core';

/** Selection, legal targets, choices and the placement tray. */
export interface InteractionSlice {
  selected: { board: number; square: number } | null;
  targets: Destination[];
  /** Piece index (0–14, see HOME_SQUARES) picked from the placement tray. */
  trayPiece: number | null;
  /** Several actions share the clicked target (promotion, castling with rooks on several boards). */
  choice: Destination[] | null;
  /** The square pointed at or tapped for an explanation (a refused king square's attackers). */
  hovered: { board: number; square: number } | null;
  /** Index (into game.actions) of the action pointed at in the move list, lit on the boards. */
  highlight: number | null;
  /** The square long-pressed (or right-clicked): what stands there and what attacks it. */
  inspected: { board: number; square: number } | null;

  /**
   * What a tap or click on a square means, whatever the input: explain a refused king square,
   * place the tray's piece on that board, a fleeing king's flight, a move or shift of the
   * selected piece (or the choice between several), select one's own piece, or deselect.
   */
  tapSquare(board: number, square: number): void;
  /** Place the piece picked from the tray on a board (R2.3). */
  clickBoard(board: number): void;
  pickTrayPiece(piece: number | null): void;
  autoPlaceRest(mode: 'balanced' | 'random', who?: 'current' | 'all'): void;
  choose(action: number | null): void;
  deselect(): void;
  hoverSquare(spot: { board: number; square: number } | null): void;
  highlightAction(index: number | null): void;
  /** Show what stands on a square and what attacks it (null: close that panel). */
  inspectSquare(spot: { board: number; square: number } | null): void;
  pass(): void;
  resign(): void;
}
