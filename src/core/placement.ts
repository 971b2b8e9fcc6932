/** The two placement shortcuts (R2.4): plans of ordinary placement steps for one player. */
import { HOME_SQUARES, KING_PIECE, encodePlacement } from './move';
import { S_PLY, type Position } from './position';
import { createRng, randomInt, shuffled } from './random';
import { KING } from './types';

export type AutoPlacement = 'balanced' | 'random';

/**
 * The pieces that go with the pawn of their file (piece index → pawn index, see HOME_SQUARES):
 * the rooks and the queen, so that no heavy piece stands on a file its own placement opened.
 * The minor pieces need no pawn of their file (their lines are diagonal or jumps), so they go
 * with it only where the spread allows.
 */
const QUEEN_PIECE = 14;
const D_PAWN = 3;
const F_BISHOP = 11;
const F_PAWN = 5;
const B_KNIGHT = 8;
const HEAVY_PAWN: ReadonlyMap<number, number> = new Map([
  [12, 0], // the a-rook, the a-pawn
  [QUEEN_PIECE, D_PAWN], // the queen, the d-pawn
  [13, 7], // the h-rook, the h-pawn
]);
/** The minor pieces and the pawn of their file. */
const MINOR_PAWN: ReadonlyMap<number, number> = new Map([
  [8, 1], // the b-knight, the b-pawn
  [10, 2], // the c-bishop, the c-pawn
  [11, 5], // the f-bishop, the f-pawn
  [9, 6], // the g-knight, the g-pawn
]);

/** The queen or the d-pawn: the pair whose board nextPlayersBoard sets. */
const isQueenPair = (i: number) => i === QUEEN_PIECE || i === D_PAWN;
/** The pieces the balanced placement sets facing a queen: the f-bishop, f-pawn, b-knight. */
const isFacing = (i: number) => i === F_BISHOP || i === F_PAWN || i === B_KNIGHT;

/**
 * The board player p's piece i goes to, if it is set (R2.4), for the balanced placement and the
 * bots alike: its heavy partner's if that stands already, else its shield board (shieldBoard);
 * else -1.
 */
export function setBoard(pos: Position, p: number, i: number): number {
  const partner = heavyPartner(i);
  const standing = partner === undefined ? -1 : boardOfPlaced(pos, p, partner);
  if (standing >= 0) return standing;
  return shieldBoard(pos, p, i);
}

/**
 * The board that shields kings for player p's piece i (-1: none): the queen and its d-pawn go
 * to the board shared with the next player (nextPlayersBoard); from four players on the
 * f-bishop, the f-pawn and (below eight players, where each board needs one of the seven
 * pieces, R2.4) the b-knight to the board shared with the previous player (facingBoard).
 */
function shieldBoard(pos: Position, p: number, i: number): number {
  if (isQueenPair(i)) return nextPlayersBoard(pos, p);
  const knightToo = pos.domain[p].length < 7;
  return isFacing(i) && (i !== B_KNIGHT || knightToo) ? facingBoard(pos, p) : -1;
}

/** The rook or queen that goes with pawn i, or the pawn that goes with rook or queen i. */
export function heavyPartner(i: number): number | undefined {
  for (const [piece, pawn] of HEAVY_PAWN)
    if (i === piece || i === pawn) return i === piece ? pawn : piece;
  return undefined;
}

/** The board of player p's placed piece of index i (-1: not placed on p's boards). */
export function boardOfPlaced(pos: Position, p: number, i: number): number {
  if (pos.unplaced[p] & (1 << i)) return -1;
  return pos.domain[p].find((b) => standsOn(pos, p, b, i)) ?? -1;
}

/** Each piece's partner of its file (both ways); the e-pawn and the king have none. */
const PARTNER = new Map<number, number>();
for (const pairs of [HEAVY_PAWN, MINOR_PAWN])
  for (const [piece, pawn] of pairs) PARTNER.set(piece, pawn).set(pawn, piece);

/**
 * Plan the placement of player p's unplaced pieces: a list of placement actions, in the order
 * they are to be played on p's next placement turns.
 */
export function planPlacement(
  pos: Position,
  p: number,
  mode: AutoPlacement,
  seed: string,
): number[] {
  const boards = pos.domain[p];
  if (!boards.length) return [];
  const unplaced = (i: number) => (pos.unplaced[p] & (1 << i)) !== 0;
  const step = (b: number, i: number) =>
    encodePlacement(b, i, HOME_SQUARES[i] ^ (pos.seatOf(p, b) ? 0x70 : 0));
  if (mode === 'random') {
    const rng = createRng(`${seed}:place:${p}:${pos.scalars[S_PLY]}`);
    const pieces = [...Array(16).keys()].filter(unplaced);
    return shuffled(pieces, rng).map((i) => step(boards[randomInt(rng, boards.length)], i));
  }
  return balancedPlan(pos, p, createRng(`${seed}:balanced:${p}:${pos.scalars[S_PLY]}`)).map(
    ([b, i]) => step(b, i),
  );
}

/**
 * Balanced (R2.4): spread evenly (no board holds two more of p's pieces than another), each
 * piece with the pawn of its file where the pieces allow: the rooks and the queen always (a
 * pair goes out together, to a least-loaded board, unless one half stands already), the minor
 * pieces unless the spread needs one of them or their pawn elsewhere. The queen's pair goes
 * first, to the board p shares with the next player (nextPlayersBoard); from four players on
 * the f-bishop, the f-pawn and (below eight players) the b-knight go to the board p shares
 * with the previous player, where that player's queen stands (facingBoard). The seed orders the other pairs and breaks ties, so
 * armies and games differ. A Cowardly king (R9.3) goes first, to a least-loaded board; the
 * e-pawn last.
 */
function balancedPlan(pos: Position, p: number, rng: () => number): [number, number][] {
  const boards = pos.domain[p];
  const load = boards.map((b) => countPieces(pos, p, b));
  const unplaced = (i: number) => (pos.unplaced[p] & (1 << i)) !== 0;
  const plan: { piece: number; k: number }[] = [];
  const put = (piece: number, k: number) => {
    plan.push({ piece, k });
    if (piece !== KING_PIECE) load[k]++;
  };
  const leastLoaded = (): number => {
    const min = Math.min(...load);
    const least = [...load.keys()].filter((k) => load[k] === min);
    return least[randomInt(rng, least.length)];
  };
  if (unplaced(KING_PIECE)) put(KING_PIECE, leastLoaded());
  const setFor = (i: number) => boards.indexOf(shieldBoard(pos, p, i));
  // The pairs whose board is set first (the queen's, then the f- and b-pairs), the others even
  // the load around them; the b-pawn goes with its knight unless the spread needs it elsewhere.
  const set = (pair: number[]) => +(setFor(pair[0]) >= 0) + +isQueenPair(pair[0]);
  const pairs = [...shuffled([...HEAVY_PAWN], rng), ...shuffled([...MINOR_PAWN], rng)].sort(
    (x, y) => set(y) - set(x),
  );
  for (const pair of pairs) {
    const halves = pair.filter(unplaced);
    const standing = pair.find((i) => !unplaced(i));
    const at = standing === undefined ? -1 : boards.indexOf(boardOfPlaced(pos, p, standing));
    const k = at >= 0 ? at : setFor(pair[0]) >= 0 ? setFor(pair[0]) : leastLoaded();
    for (const i of halves) put(i, k);
  }
  if (unplaced(4)) put(4, leastLoaded());
  // Even out what the pairs left uneven: a minor piece or pawn of a minor file (not of a pair
  // whose board is set) from the fullest board to the emptiest, the latest placed first.
  for (;;) {
    const max = Math.max(...load);
    const min = Math.min(...load);
    if (max - min <= 1) break;
    const from = load.indexOf(max);
    let moved: { piece: number; k: number } | undefined;
    for (let j = plan.length - 1; j >= 0 && !moved; j--)
      if (plan[j].k === from && isMinorFile(plan[j].piece) && setFor(plan[j].piece) < 0)
        moved = plan[j];
    if (!moved) break;
    moved.k = load.indexOf(min);
    load[from]--;
    load[moved.k]++;
  }
  return plan.map(({ piece, k }) => [boards[k], piece]);
}

/**
 * Where player p's queen and d-pawn go: the board p shares with the next player in turn order,
 * unless that player's d-pawn stands there already (-1). A board without a d-pawn gives both its
 * players a mate in one at the start, as written: the other's queen shifts onto the open d-file
 * and lands beside the king, which cannot step aside, every square round it being some piece's
 * home on one of its boards (R5.1), and which nothing of its own can take back there unless its
 * queen stands on that board. Going with the next player, the d-pawns of three players cover
 * the three boards. From four players on the boards outnumber the d-pawns, and no placement
 * that keeps each queen with its d-pawn avoids this; Quiet shifts (R9.7) forbid that check
 * instead, and the queen still goes to the next player, facingBoard says why.
 */
function nextPlayersBoard(pos: Position, p: number): number {
  const next = (p + 1) % pos.n;
  const b = sharedBoard(pos, p, next);
  return b < 0 || standsOn(pos, next, b, D_PAWN) ? -1 : b;
}

/**
 * Where the balanced placement puts player p's f-bishop, f-pawn and b-knight from four players
 * on: the board p shares with the previous player in turn order, where that player's queen
 * stands (nextPlayersBoard); -1 at three players (the d-pawns already leave no mate there). From
 * four players on most of a king's boards lack its d- and f-pawns, so the diagonals through its
 * relative d2 and f2 are open. A queen reaches the kingside one in one ordinary move from home
 * (its relative d1 to h5 over its e2, when its e-pawn stands elsewhere: the king's relative h4)
 * and gives check; a piece that blocks on the king's g3 falls to the queen with check again, as
 * nothing of the king's covers g3 there but an f- or h-pawn, and the king cannot step aside
 * (R5.1). Facing the queen, the f-pawn closes that diagonal. The queenside one (d1 to a4 over
 * its c2: the king's relative a5) stays open, as the d-pawn stands with the queen; there a pawn
 * blocking on c3 or a piece on d2 fell to the queen with check again, and the b-knight covers
 * both squares. At eight players it cannot come too: each of the seven boards needs one of the
 * seven pieces.
 */
function facingBoard(pos: Position, p: number): number {
  return pos.nb > pos.n ? sharedBoard(pos, p, (p + pos.n - 1) % pos.n) : -1;
}

/** The board players p and q share (-1: none). */
function sharedBoard(pos: Position, p: number, q: number): number {
  return (
    pos.domain[p].find((b) => pos.seatOwner[b * 2] === q || pos.seatOwner[b * 2 + 1] === q) ?? -1
  );
}

/** A minor piece, or the pawn of a minor piece's file (b, c, f, g). */
const isMinorFile = (i: number) => MINOR_PAWN.has(i) || [...MINOR_PAWN.values()].includes(i);

/** Does player p's piece of index i stand on its home square of board b? */
function standsOn(pos: Position, p: number, b: number, i: number): boolean {
  const c = pos.squares[(b << 7) | (HOME_SQUARES[i] ^ (pos.seatOf(p, b) ? 0x70 : 0))];
  return c !== 0 && pos.ownerOf(b, c) === p;
}

/** Player p's non-king pieces on board b. */
export function countPieces(pos: Position, p: number, b: number): number {
  let n = 0;
  for (let sq = 0; sq < 128; sq++) {
    const c = pos.squares[(b << 7) | sq];
    if (!(sq & 0x88) && c && (c & 7) !== KING && pos.ownerOf(b, c) === p) n++;
  }
  return n;
}
