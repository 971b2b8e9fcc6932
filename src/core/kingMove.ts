/**
 * A king move happens on every board of the domain at once (R5.1) but is recorded on one
 * board: these helpers read it on any board. Not for a Cowardly king, which stands on one.
 */
import { FLAG_PLACE, moveFlag, moveFrom, moveFromBoard, moveTo } from './move';
import type { Position } from './position';
import { KING } from './types';

/** Is m a move of the king on all its boards (not a Cowardly king's own move)? */
export function isKingMove(pos: Position, m: number): boolean {
  if (moveFlag(m) >= FLAG_PLACE) return false;
  const c = pos.squares[(moveFromBoard(m) << 7) | moveFrom(m)];
  return (c & 7) === KING && !pos.options.cowardly;
}

/** A square of king move m's board, as the same relative square on board b. */
export function onKingBoard(pos: Position, m: number, sq: number, b: number): number {
  const base = pos.turn * pos.nb;
  return pos.kingSeat[base + b] !== pos.kingSeat[base + moveFromBoard(m)] ? sq ^ 0x70 : sq;
}

/** The destination of king move m on board b. */
export const kingTargetOn = (pos: Position, m: number, b: number): number =>
  onKingBoard(pos, m, moveTo(m), b);
