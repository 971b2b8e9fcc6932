/**
 * An independent, deliberately plain move generator written from RULES.md (R3–R5), used to
 * check the core's optimised generator. Moves are compared as keys
 * "fromBoard:from>toBoard:to=promotion" (plus "C" for castling), squares as 0x88 indices.
 * It reads only the position's state arrays, never the core's derived lists.
 */
import {
  ELIMINATED,
  FLAG_CASTLE,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  type Position,
} from '../../src/core';

// Written out here rather than imported, so that the reference shares nothing with the core.
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export const KNIGHT_STEPS = [33, 31, 18, 14, -33, -31, -18, -14];
export const KING_STEPS = [1, -1, 16, -16, 17, 15, -17, -15];
export const DIAGONALS = [17, 15, -17, -15];
export const ORTHOGONALS = [16, -16, 1, -1];
const RAYS: Record<number, number[]> = {
  [BISHOP]: DIAGONALS,
  [ROOK]: ORTHOGONALS,
  [QUEEN]: [...DIAGONALS, ...ORTHOGONALS],
};
export const off = (sq: number) => (sq & 0x88) !== 0;

export interface RefMove {
  fb: number;
  from: number;
  tb: number;
  to: number;
  promotion: number;
  castle: boolean;
  enPassant: boolean;
  king: boolean;
}

export const refKey = (m: RefMove): string =>
  `${m.fb}:${m.from}>${m.tb}:${m.to}=${m.promotion}${m.castle ? 'C' : ''}`;

/** The key of one of the core's action numbers. */
export const coreKey = (m: number): string =>
  `${moveFromBoard(m)}:${moveFrom(m)}>${moveToBoard(m)}:${moveTo(m)}=${movePromotion(m)}${
    moveFlag(m) === FLAG_CASTLE ? 'C' : ''
  }`;

/** Live boards where player p holds a seat (R1.5). */
function domainOf(pos: Position, p: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < pos.nb; b++)
    if (pos.live[b] && (pos.seatOwner[b * 2] === p || pos.seatOwner[b * 2 + 1] === p)) out.push(b);
  return out;
}

/** Boards on which player p's king stands, with its seat there. */
function kingBoardsOf(pos: Position, p: number): { b: number; seat: number }[] {
  const out: { b: number; seat: number }[] = [];
  if (pos.kingRel[p] < 0) return out;
  for (let b = 0; b < pos.nb; b++) {
    const seat = pos.kingSeat[p * pos.nb + b];
    if (seat >= 0 && pos.live[b]) out.push({ b, seat });
  }
  return out;
}

/** The pseudo-legal moves of the player to move: king safety ignored, kings never captured. */
export function referencePseudo(pos: Position): RefMove[] {
  const p = pos.turn;
  const s = pos.squares;
  const at = (b: number, sq: number) => s[(b << 7) | sq];
  const owner = (b: number, c: number) => pos.seatOwner[b * 2 + (c >> 3)];
  const mine = (b: number, c: number) => c !== 0 && owner(b, c) === p;
  const takeable = (b: number, c: number) => c !== 0 && !mine(b, c) && (c & 7) !== KING;
  const out: RefMove[] = [];
  const add = (
    fb: number,
    from: number,
    tb: number,
    to: number,
    promote = false,
    extra: Partial<RefMove> = {},
  ) => {
    for (const promotion of promote ? [QUEEN, ROOK, BISHOP, KNIGHT] : [0])
      out.push({
        fb,
        from,
        tb,
        to,
        promotion,
        castle: false,
        enPassant: false,
        king: false,
        ...extra,
      });
  };
  const domain = domainOf(pos, p);
  for (const b of domain) {
    for (let sq = 0; sq < 128; sq++) {
      if (off(sq)) continue;
      const c = at(b, sq);
      if (!mine(b, c) || (c & 7) === KING) continue;
      const role = c & 7;
      const seat = c >> 3;
      const flip = seat ? 0x70 : 0;
      const rel = sq ^ flip;
      // R3: on its own board
      if (role === PAWN) {
        const fwd = seat ? -16 : 16;
        const one = sq + fwd;
        const last = (one ^ flip) >> 4 === 7;
        if (!at(b, one)) {
          add(b, sq, b, one, last);
          if (rel >> 4 === 1 && !at(b, one + fwd)) add(b, sq, b, one + fwd);
        }
        for (const side of [-1, 1]) {
          const t = one + side;
          if (off(t)) continue;
          if (takeable(b, at(b, t))) add(b, sq, b, t, last);
          else if (!at(b, t) && pos.epSquare[b] === t && pos.epPlayer[b] === p)
            add(b, sq, b, t, false, { enPassant: true });
        }
      } else if (role === KNIGHT) {
        for (const d of KNIGHT_STEPS) {
          const t = sq + d;
          if (!off(t) && (!at(b, t) || takeable(b, at(b, t)))) add(b, sq, b, t);
        }
      } else {
        for (const d of RAYS[role]) {
          for (let t = sq + d; !off(t); t += d) {
            if (!at(b, t)) {
              add(b, sq, b, t);
              continue;
            }
            if (takeable(b, at(b, t))) add(b, sq, b, t);
            break;
          }
        }
      }
      // R4: shifting to another board q of the domain, in relative coordinates
      for (const q of domain) {
        if (q === b) continue;
        const seatQ = pos.seatOwner[q * 2] === p ? 0 : 1;
        const flipQ = seatQ ? 0x70 : 0;
        const emptyQ = (r: number) => !at(q, r ^ flipQ);
        const emptyP = (r: number) => !at(b, r ^ flip);
        if (role === PAWN) {
          const one = rel + 16;
          if (emptyQ(one)) add(b, sq, q, one ^ flipQ, one >> 4 === 7);
          const two = rel + 32;
          if (rel >> 4 === 1 && emptyQ(two) && (emptyP(one) || emptyQ(one)))
            add(b, sq, q, two ^ flipQ);
        } else if (role === KNIGHT) {
          for (const d of KNIGHT_STEPS) {
            const t = rel + d;
            if (!off(t) && emptyQ(t)) add(b, sq, q, t ^ flipQ);
          }
        } else {
          for (const d of RAYS[role]) {
            const path: number[] = [];
            for (let t = rel + d; !off(t); t += d) {
              if (emptyQ(t)) {
                // some split j: path[0..j) empty on P, path[j..) empty on Q
                let ok = false;
                for (let j = 0; j <= path.length && !ok; j++)
                  ok = path.slice(0, j).every(emptyP) && path.slice(j).every(emptyQ);
                if (ok) add(b, sq, q, t ^ flipQ);
              }
              path.push(t);
            }
          }
        }
      }
    }
  }
  // R5: the king, on all its boards at once, and castling
  const kings = kingBoardsOf(pos, p);
  const rel = pos.kingRel[p];
  if (kings.length) {
    const first = kings[0];
    const flip0 = first.seat ? 0x70 : 0;
    for (const d of KING_STEPS) {
      const t = rel + d;
      if (off(t)) continue;
      const blocked = kings.some(({ b, seat }) => {
        const c = at(b, t ^ (seat ? 0x70 : 0));
        return c !== 0 && (mine(b, c) || (c & 7) === KING);
      });
      if (!blocked) add(first.b, rel ^ flip0, first.b, t ^ flip0, false, { king: true });
    }
    if (!pos.kingMoved[p] && rel === 0x04) {
      for (const [bit, walk, between, corner, dest] of [
        [2, [5, 6], [5, 6], 7, 6],
        [1, [3, 2], [3, 2, 1], 0, 2],
      ] as [number, number[], number[], number, number][]) {
        const walkEmpty = kings.every(({ b, seat }) =>
          walk.every((t) => !at(b, t ^ (seat ? 0x70 : 0))),
        );
        if (!walkEmpty) continue;
        for (const { b, seat } of kings) {
          const m = seat ? 0x70 : 0;
          if (!(pos.castle[b * 2 + seat] & bit)) continue;
          if (at(b, corner ^ m) !== (ROOK | (seat << 3))) continue;
          if (between.some((t) => at(b, t ^ m))) continue;
          add(b, 4 ^ m, b, dest ^ m, false, { castle: true, king: true });
        }
      }
    }
  }
  return out;
}

/** Is square sq of board b attacked, on a board array, by a player other than p still in play? */
function attacked(pos: Position, squares: Uint8Array, b: number, sq: number, p: number): boolean {
  const at = (t: number) => squares[(b << 7) | t];
  const enemy = (c: number) => {
    if (!c) return false;
    const o = pos.seatOwner[b * 2 + (c >> 3)];
    return o !== p && pos.status[o] !== ELIMINATED;
  };
  for (const d of KNIGHT_STEPS)
    if (!off(sq + d) && (at(sq + d) & 7) === KNIGHT && enemy(at(sq + d))) return true;
  for (const d of KING_STEPS)
    if (!off(sq + d) && (at(sq + d) & 7) === KING && enemy(at(sq + d))) return true;
  for (const side of [-1, 1]) {
    const south = sq - 16 + side; // a South pawn below attacks upwards
    if (!off(south) && at(south) === PAWN && enemy(at(south))) return true;
    const north = sq + 16 + side;
    if (!off(north) && at(north) === (PAWN | 8) && enemy(at(north))) return true;
  }
  for (const d of [...DIAGONALS, ...ORTHOGONALS]) {
    for (let t = sq + d; !off(t); t += d) {
      const c = at(t);
      if (!c) continue;
      const r = c & 7;
      if (enemy(c) && (r === QUEEN || r === (DIAGONALS.includes(d) ? BISHOP : ROOK))) return true;
      break;
    }
  }
  return false;
}

/** Is player p's king attacked on any board (R5.3), on these squares with the king at rel? */
function kingAttacked(pos: Position, squares: Uint8Array, p: number, rel: number): boolean {
  return kingBoardsOf(pos, p).some(({ b, seat }) =>
    attacked(pos, squares, b, rel ^ (seat ? 0x70 : 0), p),
  );
}

export function referenceInCheck(pos: Position): boolean {
  const p = pos.turn;
  return pos.kingRel[p] >= 0 && kingAttacked(pos, pos.squares, p, pos.kingRel[p]);
}

/** The legal moves: pseudo-legal moves after which the king is attacked on no board (R5). */
export function referenceLegal(pos: Position): RefMove[] {
  const p = pos.turn;
  const kings = kingBoardsOf(pos, p);
  const rel = pos.kingRel[p];
  const inCheck = referenceInCheck(pos);
  return referencePseudo(pos).filter((m) => {
    const sq = Uint8Array.from(pos.squares);
    let kingRel = rel;
    if (m.king) {
      const flip = kings.find((k) => k.b === m.fb)!.seat ? 0x70 : 0;
      kingRel = m.to ^ flip;
      if (m.castle) {
        if (inCheck) return false;
        const walk = kingRel === 6 ? [5, 6] : [3, 2];
        for (const { b, seat } of kings)
          for (const t of walk)
            if (attacked(pos, pos.squares, b, t ^ (seat ? 0x70 : 0), p)) return false;
        const m7 = m.from & 0x70;
        const rookFrom = m7 | (kingRel === 6 ? 7 : 0);
        sq[(m.fb << 7) | (m7 | (kingRel === 6 ? 5 : 3))] = sq[(m.fb << 7) | rookFrom];
        sq[(m.fb << 7) | rookFrom] = 0;
      }
      for (const { b, seat } of kings) {
        const f = seat ? 0x70 : 0;
        const code = sq[(b << 7) | (rel ^ f)];
        sq[(b << 7) | (rel ^ f)] = 0;
        sq[(b << 7) | (kingRel ^ f)] = code;
      }
    } else {
      const c = sq[(m.fb << 7) | m.from];
      const seatQ = m.fb === m.tb ? c >> 3 : pos.seatOwner[m.tb * 2] === p ? 0 : 1;
      sq[(m.fb << 7) | m.from] = 0;
      sq[(m.tb << 7) | m.to] = (m.promotion || c & 7) | (seatQ << 3);
      if (m.enPassant) sq[(m.fb << 7) | (m.to + (c >> 3 ? 16 : -16))] = 0;
    }
    return !kingAttacked(pos, sq, p, kingRel);
  });
}
