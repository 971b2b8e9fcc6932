/**
 * Dragging a piece: what a press grabs, and where the dragged piece is over (for the scene to
 * light). What a drop means is the store's: the scene taps the target square (tapSquare).
 */
import { Color } from 'three';
import { create } from 'zustand';
import { squareKey } from '../../core';

/** The tint of the target square under a dragged piece. */
export const DRAG_OVER = new Color('#7cf0a0');

/** A dragged piece as it follows the pointer (client px): its glyph in its army's colour. */
export interface Ghost {
  x: number;
  y: number;
  glyph: string;
  colour: string;
}

/**
 * The piece being dragged: the square key of the legal target under it (the board lights it),
 * and its ghost under the pointer; both null when nothing is dragged.
 */
export const useDrag = create<{ over: number | null; ghost: Ghost | null }>(() => ({
  over: null,
  ghost: null,
}));

/** What a press on (board, square) is about, as far as dragging goes. */
export interface PressInfo {
  /** The pieces a press may grab now (squareKey; store/movable.ts): for a move or a premove. */
  pieces: Set<number>;
  /** The tap targets now (squareKey): a press on one plays there, it grabs nothing. */
  targets: Set<number>;
  /** A finger on a board whose squares are too small for it: the tap zooms first. */
  tooSmall: boolean;
}

/**
 * Whether a press on (board, square) grabs a piece to drag: one this device may move now (or
 * queue a premove with), not a target of the selected piece, on squares large enough for the
 * pointer. Any other press is the camera's, as one on empty space.
 */
export function grabs(board: number, square: number, p: PressInfo): boolean {
  const key = squareKey(board, square);
  return p.pieces.has(key) && !p.targets.has(key) && !p.tooSmall;
}

/**
 * Where a dragged piece dropped over `hit` goes: the square, when it is one of the targets
 * (the same as tapping it), else null (the piece goes back and stays selected, as on lichess).
 */
export function dropOn(
  hit: { board: number; square: number } | null,
  targets: Set<number>,
): { board: number; square: number } | null {
  return hit && targets.has(squareKey(hit.board, hit.square)) ? hit : null;
}
