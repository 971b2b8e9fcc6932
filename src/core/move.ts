/**
 * Actions packed into one 30-bit integer, so that move lists are Int32Arrays and the hot
 * path allocates nothing. Squares are absolute 0x88 squares of their board.
 *
 *   bits 0–6 from square (for a placement: the piece index, see HOME_SQUARES)
 *   bits 7–13 to square   bits 14–18 from board   bits 19–23 to board
 *   bits 24–26 promotion role   bits 27–29 flag
 */
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './types';

export const FLAG_NORMAL = 0;
export const FLAG_DOUBLE = 1;
export const FLAG_EN_PASSANT = 2;
export const FLAG_CASTLE = 3;
export const FLAG_PLACE = 4;
export const FLAG_PASS = 5;
export const FLAG_RESIGN = 6;
export const FLAG_DRAW = 7;

/** Room for the moves of any position (8 players, every shift) in one buffer. */
export const MAX_MOVES = 1 << 16;

export const encodeMove = (
  fromBoard: number,
  from: number,
  toBoard: number,
  to: number,
  promotion: number,
  flag: number,
): number =>
  from | (to << 7) | (fromBoard << 14) | (toBoard << 19) | (promotion << 24) | (flag << 27);

export const moveFrom = (m: number): number => m & 0x7f;
export const moveTo = (m: number): number => (m >> 7) & 0x7f;
export const moveFromBoard = (m: number): number => (m >> 14) & 0x1f;
export const moveToBoard = (m: number): number => (m >> 19) & 0x1f;
export const movePromotion = (m: number): number => (m >> 24) & 7;
export const moveFlag = (m: number): number => (m >> 27) & 7;

export const PASS = encodeMove(0, 0, 0, 0, 0, FLAG_PASS);
export const RESIGN = encodeMove(0, 0, 0, 0, 0, FLAG_RESIGN);
export const DRAW = encodeMove(0, 0, 0, 0, 0, FLAG_DRAW);

/**
 * Seat actions (R6.6, R11.4) share FLAG_RESIGN: the kind in the promotion field, the player
 * (turn-order index) in the from field, a bot's level in the to field. A resignation is always
 * the mover's (RESIGN, player 0); the others name their player and may come out of turn. Movegen
 * never produces them.
 */
export const SEAT_RESIGN = 0;
/** `timeout A`: A's time ran out (R11.2). */
export const SEAT_TIMEOUT = 1;
/** `absent A`: A stayed away past the grace period (R11.3). */
export const SEAT_ABSENT = 2;
/** `bot A 2`: a bot of a level takes A's seat (R11.3). */
export const SEAT_BOT = 3;
/** `return A`: A takes their seat back from the bot (R11.3). */
export const SEAT_RETURN = 4;

export const encodeSeatAction = (kind: number, player: number, level = 0): number =>
  encodeMove(0, player, 0, level, kind, FLAG_RESIGN);
/** Is m a seat action other than a resignation (timeout, absent, bot, return)? */
export const isSeatAction = (m: number): boolean =>
  moveFlag(m) === FLAG_RESIGN && movePromotion(m) !== SEAT_RESIGN;
/** The kind of a FLAG_RESIGN action (SEAT_RESIGN … SEAT_RETURN). */
export const seatActionKind = (m: number): number => movePromotion(m);
/** The player a seat action names. */
export const seatActionPlayer = (m: number): number => moveFrom(m);
/** The bot level of a SEAT_BOT action (1–3). */
export const seatActionLevel = (m: number): number => moveTo(m);

/** A placement (R2.3): piece index 0–14 (or 15, a king under Cowardly Kings) onto a board. */
export const encodePlacement = (board: number, piece: number, square: number): number =>
  encodeMove(board, piece, board, square, 0, FLAG_PLACE);

/**
 * The 16 pieces of an army by index, with their home squares in relative coordinates
 * (R2.1): pawns a2–h2, knights b1 g1, bishops c1 f1, rooks a1 h1, queen d1, king e1.
 */
export const HOME_SQUARES = [
  0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x01, 0x06, 0x02, 0x05, 0x00, 0x07, 0x03, 0x04,
] as const;
// prettier-ignore
export const HOME_ROLES = [
  PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, KNIGHT, KNIGHT, BISHOP, BISHOP, ROOK, ROOK, QUEEN, KING,
] as const;
export const KING_PIECE = 15;
/** Bit mask of the 15 non-king pieces (index 0–14). */
export const ALL_NON_KING = 0x7fff;
