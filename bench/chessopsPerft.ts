/**
 * Perft over chessops (lichess's rules library), written as chessops' own debug perft is: the
 * last ply is counted in bulk from `allDests()` (set sizes, a pawn's moves to the back rank
 * counted four times for the promotions), the plies above it clone and play every move.
 */
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { SquareSet } from 'chessops/squareSet';
import type { Role } from 'chessops/types';
import { opposite, squareRank } from 'chessops/util';

const PROMOTIONS: Role[] = ['queen', 'knight', 'rook', 'bishop'];

export function chessopsPosition(fen: string): Chess {
  return Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
}

export function chessopsPerft(pos: Chess, depth: number): number {
  if (depth < 1) return 1;
  const ctx = pos.ctx();
  let nodes = 0;
  if (depth === 1) {
    const backrank = SquareSet.backrank(opposite(pos.turn));
    for (const [from, to] of pos.allDests(ctx)) {
      nodes += to.size();
      if (pos.board.pawn.has(from))
        nodes += to.intersect(backrank).size() * (PROMOTIONS.length - 1);
    }
    return nodes;
  }
  const promotionRank = pos.turn === 'white' ? 6 : 1;
  for (const [from, dests] of pos.allDests(ctx)) {
    const promotions =
      squareRank(from) === promotionRank && pos.board.pawn.has(from) ? PROMOTIONS : [undefined];
    for (const to of dests)
      for (const promotion of promotions) {
        const child = pos.clone();
        child.play({ from, to, promotion });
        nodes += chessopsPerft(child, depth - 1);
      }
  }
  return nodes;
}
