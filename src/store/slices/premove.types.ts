/** The premove slice (premove.ts): one move queued while others are to move. */

/** A move queued while others are to move (slices/premove.ts): squares as tapped. */
export interface Premove {
  /** Whose (turn-order index). */
  player: number;
  from: { board: number; square: number };
  to: { board: number; square: number };
  shift: boolean;
  /** The piece a pawn promotes to (0: none). */
  promotion: number;
}

/** Premove: one queued move of this device's human, played when their turn comes (issue #45 item 4). */
export interface PremoveSlice {
  /**
   * The queued move, or null. The others' moves keep it (premoveKept); another record or an
   * earlier position shown clears it.
   */
  premove: Premove | null;
  /**
   * A tap while a premove may be queued (premovePlayer): select one's piece (its targets as if
   * it were one's turn), queue the move to a target, or deselect. False when no premove may be
   * queued now (the tap then means what it means otherwise).
   */
  tapPremove(board: number, square: number): boolean;
  clearPremove(): void;
  /** The turn came: play the queued move if it is legal now, else drop it with a notice. */
  firePremove(): void;
}
