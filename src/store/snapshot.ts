/** Plain views of a core position for rendering, and the difference between two of them. */
import { ELIMINATED, PAWN, roleOf, seatOf, squareKey, type Position } from '../core';

export interface PieceAt {
  board: number;
  square: number;
  role: number;
  /** Player index (turn order) owning the piece. */
  owner: number;
  seat: number;
  petrified: boolean;
}

/** Every piece on every live board. */
export function piecesOf(pos: Position): PieceAt[] {
  const out: PieceAt[] = [];
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.isLive(b)) continue;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const code = pos.pieceAt(b, sq);
      if (!code) continue;
      const owner = pos.ownerAt(b, sq);
      out.push({
        board: b,
        square: sq,
        role: roleOf(code),
        owner,
        seat: seatOf(code),
        petrified: pos.playerState(owner) === ELIMINATED,
      });
    }
  }
  return out;
}

export interface AnimItem {
  kind: 'move' | 'appear' | 'vanish';
  /** Where the piece was (move, vanish). */
  from: PieceAt | null;
  /** Where it is now (move, appear). */
  to: PieceAt | null;
}

const key = (p: PieceAt) => squareKey(p.board, p.square);
const same = (a: PieceAt, b: PieceAt) => a.role === b.role && a.owner === b.owner;

function distance(a: PieceAt, b: PieceAt): number {
  const d = Math.abs((a.square & 7) - (b.square & 7)) + Math.abs((a.square >> 4) - (b.square >> 4));
  return (a.board === b.board ? 0 : 100) + d;
}

/**
 * How the pieces got from `before` to `after`, as chessground plans its animations: pieces that
 * left a square are matched with pieces that arrived (same owner and role, nearest first, a
 * promotion as a pawn that arrived changed); unmatched arrivals appear, unmatched leavers vanish
 * (captured).
 */
export function diffPieces(before: PieceAt[], after: PieceAt[]): AnimItem[] {
  const old = new Map(before.map((p) => [key(p), p]));
  const now = new Map(after.map((p) => [key(p), p]));
  const left = before.filter((p) => {
    const q = now.get(key(p));
    return !q || !same(p, q);
  });
  const arrived = after.filter((p) => {
    const q = old.get(key(p));
    return !q || !same(p, q);
  });
  const items: AnimItem[] = [];
  const used = new Set<PieceAt>();
  const match = (a: PieceAt, ok: (v: PieceAt) => boolean) => {
    let best: PieceAt | null = null;
    for (const v of left)
      if (!used.has(v) && ok(v) && (!best || distance(v, a) < distance(best, a))) best = v;
    return best;
  };
  const unmatched: PieceAt[] = [];
  for (const a of arrived) {
    const v = match(a, (v) => same(v, a));
    if (v) {
      used.add(v);
      items.push({ kind: 'move', from: v, to: a });
    } else unmatched.push(a);
  }
  for (const a of unmatched) {
    // A promotion: a pawn of the same owner left a square.
    const v = match(a, (v) => v.owner === a.owner && v.role === PAWN && a.role !== PAWN);
    if (v) {
      used.add(v);
      items.push({ kind: 'move', from: v, to: a });
    } else items.push({ kind: 'appear', from: null, to: a });
  }
  for (const v of left) if (!used.has(v)) items.push({ kind: 'vanish', from: v, to: null });
  return items;
}
