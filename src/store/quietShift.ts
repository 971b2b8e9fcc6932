/**
 * Why a shift is refused under Quiet shifts (R9.7): a tapped square the selected piece could
 * reach by the rules as written, but not under the house rule, is said in the core's words
 * (quietRefusal) instead of passing silently.
 */
import {
  FLAG_PLACE,
  MAX_MOVES,
  legalActions,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
  quietRefusal,
  type Game,
  type Spot,
} from '../core';

/**
 * Why the piece on `from` may not go to `to` in `game` when only Quiet shifts forbids it (it
 * would give check, or uncover one, R9.7); null when the move is legal, or refused for another
 * reason, or the game is played without the rule.
 */
export function quietShiftRefusal(game: Game, from: Spot, to: Spot): string | null {
  const pos = game.position;
  if (!pos.options.quiet || from.board === to.board) return null;
  const asWritten = new Int32Array(MAX_MOVES);
  const end = legalActions(pos, asWritten, 0, false);
  for (let i = 0; i < end; i++) {
    const m = asWritten[i];
    if (
      moveFlag(m) < FLAG_PLACE &&
      moveFromBoard(m) === from.board &&
      moveFrom(m) === from.square &&
      moveToBoard(m) === to.board &&
      moveTo(m) === to.square
    ) {
      const why = quietRefusal(pos, m);
      if (why) return why;
    }
  }
  return null;
}
