/**
 * The words of hints and threats (src/ai/hint.ts finds the facts): one line of why, naming
 * boards as the HUD does ("AC") and pieces by owner ("Chen's knight on AC d5", "your queen").
 */
import { ROLES, type Spot } from '../core';
import type { Advice, HintReason, PieceAt } from '../ai/hint';
import { listOf } from './captions';
import type { Names } from './check';
import { spotName } from './squares';

const role = (r: number): string => ROLES[r - 1] ?? 'piece';

/** "AC d5". */
const at = (s: Spot, names: Names): string => spotName(s, names.boards);

/** "Chen's knight on AC d5", or "your knight on AC d5" when it is the reader's. */
function pieceText(p: PieceAt, names: Names, reader: number): string {
  const whose = p.owner === reader ? 'your' : `${names.players[p.owner]}'s`;
  return `${whose} ${role(p.role)} on ${at(p, names)}`;
}

/** A player as the reader says it: "you" or their name. */
const who = (p: number, names: Names, reader: number): string =>
  p === reader ? 'you' : names.players[p];

/**
 * Why, from the mover's side, as the reader (a player index) reads it: "wins Chen's knight on
 * AC d5", "answers Chen's check from AC by taking the rook", "threatens mate against Chen on AC".
 */
export function reasonText(r: HintReason, mover: number, names: Names, reader: number): string {
  const own = mover === reader ? 'your' : `${names.players[mover]}'s`;
  switch (r.kind) {
    case 'mates': {
      const victim = who(r.victim, names, reader);
      return r.now
        ? `checkmates ${victim}`
        : `checkmates ${victim}: no way out of the check when ${r.victim === reader ? 'your' : 'their'} turn comes, unless a player in between breaks it`;
    }
    case 'answers-check': {
      const from = [...new Set(r.checks.map((a) => names.boards[a.board]))];
      const givers = [...new Set(r.checks.map((a) => names.players[a.owner]))];
      const checkers = listOf(
        r.checks.map((a) => `${role(a.role)} on ${at({ board: a.board, square: a.from }, names)}`),
      );
      const how =
        r.how === 'takes' ? 'by taking it' : r.how === 'king' ? 'with the king' : 'by blocking it';
      return `answers ${listOf(givers)}'s check from ${listOf(from)} (${checkers}) ${how}`;
    }
    case 'wins':
      return `${r.later ? 'sets up taking' : 'wins'} ${pieceText(r.piece, names, reader)}`;
    case 'saves': {
      const turns =
        r.turnsLeft === 0 ? 'now' : `in ${r.turnsLeft} ${r.turnsLeft === 1 ? 'turn' : 'turns'}`;
      return `saves ${own} ${role(r.role)}: ${names.boards[r.from]} collapses ${turns}, so it moves to ${names.boards[r.to]}`;
    }
    case 'threatens-mate':
      return `threatens mate against ${who(r.victim, names, reader)} on ${names.boards[r.board]}`;
    case 'checks':
      return `gives check to ${listOf(r.victims.map((v) => who(v, names, reader)))}`;
    case 'place':
      return `places ${own} ${role(r.role)} on ${names.boards[r.board]} (the strong bot's placement plan)`;
    case 'move': {
      const promo = r.promotion ? ` and becomes a ${role(r.promotion)}` : '';
      const verb = r.from.board === r.to.board ? 'moves' : 'shifts';
      return `${verb} ${own} ${role(r.role)} from ${at(r.from, names)} to ${at(r.to, names)}${promo}: improves the position`;
    }
  }
}

/** The hint line: "Hint: AC:Qd1xd5 wins Chen's knight on AC d5." */
export function hintLine(a: Advice, names: Names): string {
  return `Hint: ${a.text} ${reasonText(a.reason, a.player, names, a.player)}.`;
}

/** A threat's short label, for the player to move (`reader`): "Chen: AC:Rd8xd1 wins your queen on AC d1". */
export function threatLine(a: Advice, names: Names, reader: number): string {
  return `${names.players[a.player]}: ${a.text} ${reasonText(a.reason, a.player, names, reader)}`;
}

/** Why no hint can be asked now (the store decides which). */
export type HintRefusal = 'none' | 'online' | 'lesson' | 'analysis' | 'off' | 'bot' | 'over';

/** Why the Hint button cannot be used now (its title). */
export const HINT_REFUSALS: Record<HintRefusal, string> = {
  none: 'No game is shown.',
  online:
    'Hints are not available in an online game: the room keeps the record on its server and has no place to count them.',
  lesson: 'In a lesson, use the lesson\'s own "Hint".',
  analysis: "The analysis board shows the bots' best line instead.",
  off: 'Hints are off for this game (setup screen, More options: "Hint button").',
  bot: 'A bot is to move.',
  over: 'The game is over.',
};

/** The same reasons, short, for the line shown beside the controls. */
const REFUSED_SHORT: Record<HintRefusal, string> = {
  none: '',
  online: 'not in an online game',
  lesson: "the lesson's own",
  analysis: "the analysis shows the bots' best line",
  off: 'off for this game (setup screen, More options)',
  bot: 'on your turn',
  over: 'the game is over',
};

/**
 * The line beside Hint and Threats when either cannot be used, in words that every device shows
 * (issue 45 item 2: a tooltip never reaches a touch player); null when both can.
 */
export function adviceWhy(hint: HintRefusal | null, threats: HintRefusal | null): string | null {
  if (hint && hint === threats) return `Hint and Threats: ${REFUSED_SHORT[hint]}.`;
  const parts = [
    hint && `Hint: ${REFUSED_SHORT[hint]}`,
    threats && `Threats: ${REFUSED_SHORT[threats]}`,
  ].filter(Boolean);
  return parts.length ? `${parts.join('; ')}.` : null;
}

/** The Hint button's title when it can be used. */
export const HINT_TITLE =
  "Show the strong bot's move for you and why (hints used are counted and saved with the game)";

/** The Threats switch's title. */
export const THREATS_TITLE =
  'Show, for each opponent, the move they would make if it were their turn now (the boards show those that reach your boards)';

/** The HUD's words while hints and threats are found, or when none is. */
export const ADVICE_STATUS = {
  hintThinking: 'Hint: the strong bot is thinking…',
  noHint: (why: string) => `No hint: ${why}`,
  threatsThinking: 'Looking for threats…',
  noThreats: (why: string) => `No threats found: ${why}`,
  noneToShow: 'No threats to show now.',
};

/** "Hints used: Ada 2, Chen 1" (only players who used any), or null. */
export function hintsUsedText(used: readonly number[], players: readonly string[]): string | null {
  const list = used.flatMap((k, i) => (k > 0 ? [`${players[i]} ${k}`] : []));
  return list.length ? `Hints used: ${list.join(', ')}` : null;
}
