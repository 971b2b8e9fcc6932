/** The chess glyph of each role (core's role numbers), as the tray and a dragged piece show it. */
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../core';

export const ROLE_GLYPHS: Record<number, string> = {
  [PAWN]: '♟',
  [KNIGHT]: '♞',
  [BISHOP]: '♝',
  [ROOK]: '♜',
  [QUEEN]: '♛',
  [KING]: '♚',
};
