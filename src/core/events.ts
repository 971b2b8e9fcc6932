/**
 * What an action made happen, found by comparing the positions before and after it: checks,
 * mates, eliminations, collapse countdowns and collapses, inherited seats, fleeing kings. For
 * captions, announcements and animations (a view derives its effects; it never changes state).
 */
import { checkedBoards } from './attacks';
import { ELIMINATION_CAUSES, boardsOf, type EliminationCause } from './elimination';
import { LABELS, squareName } from './geometry';
import { ELIMINATED, MATED, type Position } from './position';
import { KING, roleOf } from './types';

export type GameEvent =
  | { type: 'check'; player: string; boards: string[] }
  | { type: 'checkmate'; player: string; by: string }
  | { type: 'eliminated'; player: string; by: string | null; cause: EliminationCause }
  | { type: 'countdown'; player: string; boards: string[]; turnsLeft: number }
  | { type: 'collapse'; boards: string[]; piecesLost: number }
  | { type: 'inherit'; player: string; from: string; boards: string[] }
  | { type: 'flee'; player: string; from: string }
  | { type: 'fled'; player: string; board: string; square: string };

/** The events of one action, in the order a spectator should hear them. */
export function diffEvents(before: Position, after: Position): GameEvent[] {
  const events: GameEvent[] = [];
  const names = after.g.names;
  const label = (p: number) => LABELS[p];
  const boardNames = (list: number[]) => list.map((b) => names[b]);
  for (let p = 0; p < after.n; p++) {
    if (after.status[p] === MATED && before.status[p] !== MATED)
      events.push({ type: 'checkmate', player: label(p), by: label(after.mateBy[p]) });
    if (after.status[p] === ELIMINATED && before.status[p] !== ELIMINATED) {
      const by = after.eliminatedBy[p];
      events.push({
        type: 'eliminated',
        player: label(p),
        by: by >= 0 ? label(by) : null,
        cause: ELIMINATION_CAUSES[after.eliminationCause[p]],
      });
      const inherited = [];
      for (let i = 0; i < after.nb * 2; i++)
        if (before.seatOwner[i] === p && after.seatOwner[i] !== p) inherited.push(i >> 1);
      if (inherited.length)
        events.push({
          type: 'inherit',
          player: label(by),
          from: label(p),
          boards: boardNames(inherited),
        });
    }
    if (after.countdown[p] > 0 && after.countdown[p] !== before.countdown[p]) {
      const boards = boardsOf(after, p);
      if (boards.length)
        events.push({
          type: 'countdown',
          player: label(p),
          boards: boardNames(boards),
          turnsLeft: after.countdown[p],
        });
    }
    if (after.fleeing[p] && !before.fleeing[p])
      events.push({ type: 'flee', player: label(p), from: names[after.fleeBoard[p]] });
    if (before.fleeing[p] && !after.fleeing[p] && after.status[p] !== ELIMINATED) {
      const b = after.kingBoards[p][0];
      events.push({
        type: 'fled',
        player: label(p),
        board: names[b],
        square: squareName(after.kingSquare(p, b)),
      });
    }
  }
  const collapsed = [];
  let piecesLost = 0;
  for (let b = 0; b < after.nb; b++) {
    if (!before.live[b] || after.live[b]) continue;
    collapsed.push(b);
    for (let sq = 0; sq < 128; sq++) {
      const c = before.squares[(b << 7) | sq];
      if (!(sq & 0x88) && c && roleOf(c) !== KING) piecesLost++;
    }
  }
  if (collapsed.length)
    events.push({ type: 'collapse', boards: boardNames(collapsed), piecesLost });
  for (let p = 0; p < after.n; p++) {
    if (after.status[p] === ELIMINATED) continue;
    const now = checkedBoards(after, p);
    const was = before.status[p] === ELIMINATED ? [] : checkedBoards(before, p);
    if (now.length && now.some((b) => !was.includes(b)))
      events.push({ type: 'check', player: label(p), boards: boardNames(now) });
  }
  return events;
}
