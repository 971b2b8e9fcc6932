/**
 * What the explanation overlay shows for the position on screen (issue #11): the checks, a
 * mated king's lost squares, the selected king's refused squares and castlings, the selected
 * piece's pin, the actions since the player to move last moved and the action pointed at in
 * the move list. One pure function of the store's state, shared by the scene, the HUD and the
 * test seam so that they always agree.
 */
import {
  ACTIVE,
  ELIMINATED,
  KING,
  MATED,
  MODE_NORMAL,
  castlingInQuestion,
  castlingWhy,
  checks,
  pins,
  recentAction,
  refusedKingSquares,
  roleOf,
  sinceLastTurn,
  squareAttacks,
  type Attack,
  type CastlingWhy,
  type Game,
  type Pin,
  type Position,
  type SquareAttacks,
  type RecentAction,
  type RefusedSquare,
  type Spot,
} from '../core';
import { shownCursor, shownGame } from './shown';
import type { State } from './state';

export interface Explanation {
  /** Every piece giving check now, to whichever player's king. */
  checks: Attack[];
  /** A mated king's neighbouring squares and what takes each away, board by board (R6.2). */
  mate: RefusedSquare[];
  /** The selected king's refused steps (R5.1) and castlings (R5.4); empty otherwise. */
  refused: RefusedSquare[];
  castling: CastlingWhy[];
  /**
   * The squares a refused castling would take the selected king across under attack, one per
   * board (R5.4): crossed on the boards like refused steps, their attackers shown when pointed at.
   */
  crossings: RefusedSquare[];
  /** The selected piece's pin (R5.3), or null. */
  pin: Pin | null;
  /**
   * Hyperspace: the selected king may not move, as this turn's first move is made (a king move
   * is a whole turn, R9.1): the boards still due; null otherwise.
   */
  kingHeld: number[] | null;
  /** The refused square pointed at or tapped, whose attackers are outlined. */
  hovered: RefusedSquare | null;
  /** The actions since the player to move last moved, oldest first. */
  recent: RecentAction[];
  /** The action pointed at in the move list, or null. */
  highlight: RecentAction | null;
  /** The square long-pressed, with what stands there and what attacks it, or null. */
  inspected: Inspection | null;
}

/** A square looked at: its piece (or null) and its attackers across the piece's domain. */
export interface Inspection extends SquareAttacks {
  spot: Spot;
  /** Role code and owner of the piece standing there, and whether it is petrified (R6.4). */
  piece: { role: number; owner: number; petrified: boolean } | null;
}

export interface ExplainInput {
  game: Game | null;
  view: Game | null;
  cursor: number;
  selected: Spot | null;
  hovered: Spot | null;
  highlight: number | null;
  inspected: Spot | null;
}

export const NO_EXPLANATION: Explanation = {
  checks: [],
  mate: [],
  refused: [],
  castling: [],
  crossings: [],
  pin: null,
  kingHeld: null,
  hovered: null,
  recent: [],
  highlight: null,
  inspected: null,
};

const cache = new WeakMap<Game, Map<string, Explanation>>();

/** The explanation of the state shown (memoised per view and inputs: call it freely). */
export function explain(input: ExplainInput): Explanation {
  const { game, view, cursor, selected, hovered, highlight, inspected } = input;
  if (!game || !view) return NO_EXPLANATION;
  const spotKey = (s: Spot | null) => `${s?.board},${s?.square}`;
  const key = `${cursor}|${spotKey(selected)}|${spotKey(hovered)}|${highlight}|${spotKey(inspected)}`;
  let byKey = cache.get(view);
  if (!byKey) cache.set(view, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const made = compute(input, game, view);
  byKey.set(key, made);
  return made;
}

function compute(input: ExplainInput, game: Game, view: Game): Explanation {
  const pos = view.position;
  const { selected, hovered, highlight } = input;
  const live = (p: number) => pos.playerState(p) !== ELIMINATED;
  const players = view.players.map((_, p) => p).filter(live);
  const allChecks = players.flatMap((p) => checks(pos, p));
  const mate = players
    .filter((p) => pos.playerState(p) === MATED)
    .flatMap((p) => refusedKingSquares(pos, p));
  let refused: RefusedSquare[] = [];
  let castling: CastlingWhy[] = [];
  let pin: Pin | null = null;
  let kingHeld: number[] | null = null;
  const p = pos.turn;
  if (selected && pos.playerState(p) === ACTIVE) {
    const code = pos.pieceAt(selected.board, selected.square);
    if (roleOf(code) === KING && pos.kingSquare(p, selected.board) === selected.square) {
      kingHeld = pos.mode === MODE_NORMAL ? pos.dueBoards() : null;
      if (!kingHeld) {
        refused = refusedKingSquares(pos, p);
        if (!pos.options.cowardly) castling = castlingWhy(pos, p);
      }
    } else
      pin =
        pins(pos, p).find((x) => x.board === selected.board && x.square === selected.square) ??
        null;
  }
  const crossings = castling
    .filter(castlingInQuestion)
    .flatMap((c) =>
      c.refusals.flatMap((r) =>
        r.reason === 'attacked'
          ? [{ rel: r.rel!, spots: [r.spot!], attacks: r.attacks!, blockers: [] }]
          : [],
      ),
    );
  const pointed = hovered
    ? ([...refused, ...mate, ...crossings].find((r) =>
        r.spots.some((s) => s.board === hovered.board && s.square === hovered.square),
      ) ?? null)
    : null;
  const lit = highlight !== null && highlight < game.length ? recentAction(game, highlight) : null;
  return {
    checks: allChecks,
    mate,
    refused,
    castling,
    crossings,
    pin,
    kingHeld,
    hovered: pointed,
    recent: sinceLastTurn(game, input.cursor),
    highlight: lit,
    inspected: input.inspected ? inspection(pos, input.inspected) : null,
  };
}

function inspection(pos: Position, spot: Spot): Inspection {
  const owner = pos.ownerAt(spot.board, spot.square);
  const piece =
    owner < 0
      ? null
      : {
          role: roleOf(pos.pieceAt(spot.board, spot.square)),
          owner,
          petrified: pos.playerState(owner) === ELIMINATED,
        };
  return { spot, piece, ...squareAttacks(pos, spot.board, spot.square) };
}

/** Is this square a refused king square (a mated king's lost one, a castling's) shown now? */
export function isRefusedSpot(e: Explanation, board: number, square: number): boolean {
  return [...e.refused, ...e.mate, ...e.crossings].some((r) =>
    r.spots.some((s) => s.board === board && s.square === square),
  );
}

/** The explanation of the store's state now (on the analysis board, the sandbox's line). */
export function explainState(s: ExplainInput & Partial<Pick<State, 'analysis'>>): Explanation {
  const { view, selected, hovered, highlight, inspected } = s;
  const [game, cursor] = [shownGame(s), shownCursor(s)];
  return explain({ game, view, cursor, selected, hovered, highlight, inspected });
}
