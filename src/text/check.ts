/**
 * The words for the explanations of src/core/explain.ts: who gives check, why a king step,
 * a pinned piece or a castling is refused, and what happened since the player's last move.
 * Pure functions over the core's explanation records.
 */
import {
  ROLES,
  castlingInQuestion,
  type Attack,
  type CastlingWhy,
  type Pin,
  type RecentAction,
  type RefusedSquare,
  type Game,
  type Spot,
} from '../core';
import { listOf } from './captions';
import { whose } from './grammar';
import { spotName } from './squares';

/** Who is who: player names by index, board names by index. */
export interface Names {
  players: readonly string[];
  boards: readonly string[];
}

/** The names of a game's players and boards. */
export function explainNames(game: Game): Names {
  return { players: game.players.map((p) => p.name), boards: game.position.g.names };
}

/** "Chen's bishop on AC b4". */
export function attackerName(a: Attack, names: Names): string {
  const from = spotName({ board: a.board, square: a.from }, names.boards);
  return `${whose(names.players[a.owner])} ${ROLES[a.role - 1]} on ${from}`;
}

/** "Chen's bishop on AC b4 gives check", "… and Boris's rook on AB e8 give check". */
export function checkText(checks: readonly Attack[], names: Names): string {
  if (!checks.length) return '';
  const verb = checks.length === 1 ? 'gives' : 'give';
  return `${listOf(checks.map((a) => attackerName(a, names)))} ${verb} check`;
}

/**
 * "AB d8 / AC d1: attacked on AC by Chen's rook on AC d5", "AB f2 / AC f2: own piece on AC":
 * the square on each board of the king, as each board prints it (a king seated North on one
 * board and South on another stands on e8 of the one and e1 of the other).
 */
export function refusedText(r: RefusedSquare, names: Names): string {
  const reasons: string[] = [];
  const byBoard = new Map<number, Attack[]>();
  for (const a of r.attacks) byBoard.set(a.board, [...(byBoard.get(a.board) ?? []), a]);
  for (const [b, list] of byBoard)
    reasons.push(
      `attacked on ${names.boards[b]} by ${listOf(list.map((a) => attackerName(a, names)))}`,
    );
  if (r.blockers.length)
    reasons.push(`own piece on ${listOf(r.blockers.map((s) => names.boards[s.board]))}`);
  return `${r.spots.map((s) => spotName(s, names.boards)).join(' / ')}: ${reasons.join('; ')}`;
}

/** "pinned on AC by Chen's rook on AC e6". */
export function pinText(pin: Pin, names: Names): string {
  return `pinned on ${names.boards[pin.board]} by ${attackerName(pin.pinner, names)}`;
}

const SIDE = { king: 'O-O', queen: 'O-O-O' } as const;

/**
 * "O-O refused: AB f1 is attacked by Boris's rook on AB f5", or null when it is legal or
 * out of the question (the king has moved, or no rook keeps its right).
 */
export function castlingText(why: CastlingWhy, names: Names): string | null {
  if (!castlingInQuestion(why)) return null;
  const at = (s?: Spot) => (s ? spotName(s, names.boards) : '');
  const reasons = why.refusals.map((r) => {
    switch (r.reason) {
      case 'king-moved':
        return 'the king has moved';
      case 'in-check':
        return 'the king is in check';
      case 'no-rook':
        return 'no rook with its castling right in the corner';
      case 'occupied':
        return `${at(r.spot)} is taken`;
      case 'blocked':
        return `${at(r.spot)} stands between king and rook`;
      case 'attacked':
        return `${at(r.spot)} is attacked by ${listOf((r.attacks ?? []).map((a) => attackerName(a, names)))}`;
    }
  });
  return `${SIDE[why.side]} refused: ${reasons.join('; ')}`;
}

/** "Boris: AB:e7-e5" for the "since your move" list. */
export function recentText(r: RecentAction, names: Names): string {
  return `${names.players[r.player]}: ${r.text}`;
}

/** A long-pressed square (see the store's explanation): what stands there, what attacks it. */
export interface InspectedSquare {
  spot: Spot;
  piece: { role: number; owner: number; petrified: boolean } | null;
  /** The squares whose attackers count: the square, or a king's square on each of its boards. */
  spots: readonly Spot[];
  attacks: readonly Attack[];
}

/** The words of the square panel. */
export interface SquareWords {
  /** "AB e4". */
  title: string;
  /** "Chen's queen", "Chen's petrified rook", "empty". */
  occupant: string;
  /** For a king: "Its square on every board of Chen's king: AB e1, AC e1"; else null. */
  domain: string | null;
  /** One group per board looked at, with its attackers ("Boris's rook on AB e8"). */
  groups: { board: string; attackers: string[] }[];
  /** The whole, as one sentence for screen readers. */
  sentence: string;
}

export function squareWords(it: InspectedSquare, names: Names): SquareWords {
  const at = (s: Spot) => spotName(s, names.boards);
  const title = at(it.spot);
  const p = it.piece;
  const occupant = p
    ? `${whose(names.players[p.owner], true)} ${p.petrified ? 'petrified ' : ''}${ROLES[p.role - 1]}`
    : 'empty';
  const domain =
    it.spots.length > 1
      ? `Its square on every board of ${whose(names.players[p?.owner ?? 0])} king: ${listOf(it.spots.map(at))}`
      : null;
  const groups = it.spots.map((s) => ({
    board: names.boards[s.board],
    attackers: it.attacks.filter((a) => a.board === s.board).map((a) => attackerName(a, names)),
  }));
  const attacked = groups.filter((g) => g.attackers.length);
  const said = attacked.length
    ? `Attacked ${attacked.map((g) => `on ${g.board} by ${listOf(g.attackers)}`).join('; ')}.`
    : 'Not attacked.';
  return { title, occupant, domain, groups, sentence: `${title}: ${occupant}. ${said}` };
}
