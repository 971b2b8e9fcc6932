/** Standard FEN for two players: one board "AB", A (White) South, B (Black) North (R1.1). */
import { checkedBoards } from './attacks';
import { parseSquare, squareName } from './geometry';
import { PLAY, Position, S_FULLMOVE, S_HALFMOVE, S_PHASE } from './position';
import { quoteText } from './quote';
import { KING, PAWN, ROOK, ROLE_LETTERS, fail, ok, type Result } from './types';

export const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * The largest halfmove clock and fullmove number a FEN or a position JSON may give: far above
 * any real game, and far below where the position's 32-bit counters would wrap.
 */
export const MAX_CLOCK = 1_000_000;

/** A clock field: a whole number from min to MAX_CLOCK written in digits, or -1. */
function readClock(text: string, min: number): number {
  const value = /^\d{1,7}$/.test(text) ? Number(text) : -1;
  return value >= min && value <= MAX_CLOCK ? value : -1;
}

/** Parse one board's piece field ("rnbqkbnr/pppppppp/8/…") into board b of a position. */
export function parseBoardField(pos: Position, b: number, field: string): string | null {
  const ranks = field.split('/');
  if (ranks.length !== 8) return `expected 8 ranks separated by "/", got ${ranks.length}`;
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    for (const ch of ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
        continue;
      }
      const role = ROLE_LETTERS.indexOf(ch.toUpperCase());
      if (role < 1) return `unknown piece ${quoteText(ch)} on rank ${rank + 1}`;
      if (file > 7) return `rank ${rank + 1} has more than 8 squares`;
      const seat = ch === ch.toUpperCase() ? 0 : 1;
      if (role === PAWN && (rank === 0 || rank === 7))
        return `pawn on ${squareName(rank * 16 + file)} (pawns cannot stand on rank 1 or 8)`;
      pos.squares[(b << 7) | (rank * 16 + file)] = role | (seat << 3);
      file++;
    }
    if (file !== 8) return `rank ${rank + 1} has ${file} squares instead of 8`;
  }
  return null;
}

/** The piece field of board b. */
export function makeBoardField(pos: Position, b: number): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const c = pos.squares[(b << 7) | (rank * 16 + file)];
      if (!c) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const letter = ROLE_LETTERS[c & 7];
      row += c >> 3 ? letter.toLowerCase() : letter;
    }
    rows.push(empty ? row + empty : row);
  }
  return rows.join('/');
}

const bad = (message: string): Result<Position> => fail('bad-fen', `bad FEN: ${message}`);

export function parseFen(fen: string): Result<Position> {
  if (typeof fen !== 'string') return bad('a FEN must be a text');
  const parts = fen.trim().split(/\s+/);
  if (parts.length < 4 || parts.length > 6)
    return bad(`expected 4 to 6 space-separated fields, got ${parts.length}`);
  const [field, side, castling, ep, half = '0', full = '1'] = parts;
  const pos = new Position(2);
  const error = parseBoardField(pos, 0, field);
  if (error) return bad(error);
  for (let seat = 0; seat < 2; seat++) {
    let king = -1;
    for (let sq = 0; sq < 128; sq++)
      if (!(sq & 0x88) && pos.squares[sq] === (KING | (seat << 3))) {
        if (king >= 0) return bad(`${seat ? 'Black' : 'White'} has more than one king`);
        king = sq;
      }
    if (king < 0) return bad(`${seat ? 'Black' : 'White'} has no king`);
    pos.kingRel[seat] = seat ? king ^ 0x70 : king;
    pos.kingSeat[seat] = seat;
  }
  if (side !== 'w' && side !== 'b')
    return bad(`side to move must be "w" or "b", got ${quoteText(side)}`);
  pos.scalars[0] = side === 'w' ? 0 : 1;
  if (!/^(-|K?Q?k?q?)$/.test(castling))
    return bad(`castling field ${quoteText(castling)} is not like "KQkq" or "-"`);
  for (const ch of castling.replace('-', '')) {
    const seat = ch === ch.toUpperCase() ? 0 : 1;
    const bit = ch.toUpperCase() === 'K' ? 2 : 1;
    const corner = (bit === 2 ? 7 : 0) | (seat ? 0x70 : 0);
    // Rights without the king on e1/e8 and the rook on its corner are dropped, as chessops does.
    if (pos.kingRel[seat] === 0x04 && pos.squares[corner] === (ROOK | (seat << 3)))
      pos.castle[seat] |= bit;
  }
  for (let seat = 0; seat < 2; seat++) pos.kingMoved[seat] = pos.castle[seat] ? 0 : 1;
  if (ep !== '-') {
    const sq = parseSquare(ep);
    const mover = pos.scalars[0];
    if (sq < 0 || sq >> 4 !== (mover ? 2 : 5))
      return bad(`en-passant square ${quoteText(ep)} is not on rank ${mover ? 3 : 6}`);
    const fwd = mover ? 16 : -16;
    const pawn = PAWN | ((mover ^ 1) << 3);
    if (pos.squares[sq + fwd] !== pawn || pos.squares[sq] || pos.squares[sq - fwd])
      return bad(`en-passant square ${quoteText(ep)} has no pawn that just made a double step`);
    const mine = PAWN | (mover << 3);
    const beside = (t: number) => !(t & 0x88) && pos.squares[t] === mine;
    if (beside(sq + fwd - 1) || beside(sq + fwd + 1)) {
      pos.epSquare[0] = sq;
      pos.epPlayer[0] = mover;
    }
  }
  const halfmove = readClock(half, 0);
  const fullmove = readClock(full, 1);
  if (halfmove < 0)
    return bad(`halfmove clock ${quoteText(half)} is not a whole number from 0 to ${MAX_CLOCK}`);
  if (fullmove < 1)
    return bad(`fullmove number ${quoteText(full)} is not a whole number from 1 to ${MAX_CLOCK}`);
  pos.scalars[S_HALFMOVE] = halfmove;
  pos.scalars[S_FULLMOVE] = fullmove;
  pos.scalars[S_PHASE] = PLAY;
  pos.rebuild();
  const waiting = pos.scalars[0] ^ 1;
  if (checkedBoards(pos, waiting).length)
    return bad(`the side not to move (${waiting ? 'Black' : 'White'}) is in check`);
  pos.resetHash();
  return ok(pos);
}

export function makeFen(pos: Position): string {
  if (pos.n !== 2) throw new RangeError('FEN describes two-player positions only');
  let castling = '';
  if (pos.castle[0] & 2) castling += 'K';
  if (pos.castle[0] & 1) castling += 'Q';
  if (pos.castle[1] & 2) castling += 'k';
  if (pos.castle[1] & 1) castling += 'q';
  const ep = pos.epSquare[0] >= 0 ? squareName(pos.epSquare[0]) : '-';
  return [
    makeBoardField(pos, 0),
    pos.turn ? 'b' : 'w',
    castling || '-',
    ep,
    pos.scalars[S_HALFMOVE],
    pos.scalars[S_FULLMOVE],
  ].join(' ');
}
