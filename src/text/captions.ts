/**
 * The words for what an action made happen (the core's events): the HUD's caption line, the
 * screen-reader announcement and the demo's captions all say it the same way. Pure functions.
 */
import type { EliminationCause, Game, GameEvent, SeatAction } from '../core';
import { says, verbOf, whom, whose } from './grammar';

/** A player's name from their label ("A" → "Ada"). */
export type NameOf = (label: string) => string;

/** Player names by label in `game` (the label itself when unknown, '' for none). */
export const namesOf =
  (game: Game) =>
  (label: string | null): string =>
    label ? (game.players.find((p) => p.label === label)?.name ?? label) : '';

/** "AB", "AB and AC", "AB, AC and AD". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function eliminationCaption(
  player: string,
  byLabel: string | null,
  cause: EliminationCause,
  name: NameOf,
): string {
  const who = name(player);
  const by = byLabel ? name(byLabel) : '';
  switch (cause) {
    case 'resigned':
      return `${says(who, 'resigns')} and ${verbOf(who, 'leaves')} the game`;
    case 'checkmate':
      return `${says(who, 'is')} checkmated by ${whom(by)} and eliminated`;
    case 'captured':
      return `${says(by, 'captures')} ${whose(who)} king: ${says(who, 'is')} eliminated`;
    case 'removed':
      // R6.3: credited to no one when the checkmater left the game first.
      return `${whose(who, true)} king is removed: ${says(who, 'is')} eliminated${by ? ` by ${whom(by)}` : ''}`;
    case 'no-flight':
      return `${whose(who, true)} king has nowhere to flee: ${says(who, 'is')} eliminated`;
    case 'no-board':
      return `${says(who, 'has')} no board left and ${verbOf(who, 'is')} eliminated`;
    case 'timed-out':
      return `${whose(who, true)} time ran out: ${says(who, 'is')} eliminated`;
    case 'left':
      return `${who} left the game: ${says(who, 'is')} eliminated`;
  }
}

/**
 * How an eliminated player left, in a few words for the player list and the result: "resigned",
 * "time ran out", "left the game", "eliminated by Boris".
 */
export function eliminationNote(
  cause: EliminationCause | null,
  by: string | null,
  name: NameOf,
): string {
  if (cause === 'resigned') return 'resigned';
  if (cause === 'timed-out') return 'time ran out';
  if (cause === 'left') return 'left the game';
  return by ? `eliminated by ${whom(name(by))}` : 'eliminated';
}

/** One event in words, or null for an event not worth a caption. */
export function captionOf(event: GameEvent, name: NameOf): string | null {
  switch (event.type) {
    case 'checkmate':
      return `${says(name(event.player), 'is')} checkmated by ${whom(name(event.by))}. ${says(name(event.player), 'makes')} one final move…`;
    case 'eliminated':
      return eliminationCaption(event.player, event.by, event.cause, name);
    case 'countdown': {
      const n = event.boards.length;
      const turns = `${event.turnsLeft} ${plural(event.turnsLeft, 'turn', 'turns')}`;
      return n === 1
        ? `${whose(name(event.player), true)} board ${event.boards[0]} collapses in ${turns}`
        : `${whose(name(event.player), true)} ${n} boards collapse in ${turns}`;
    }
    case 'collapse': {
      const lost =
        event.piecesLost === 0
          ? 'no pieces are lost'
          : `${event.piecesLost} ${plural(event.piecesLost, 'piece is', 'pieces are')} lost`;
      return `Collapse: ${listOf(event.boards)} ${plural(event.boards.length, 'leaves', 'leave')} play; ${lost}`;
    }
    case 'inherit':
      return `${says(name(event.player), 'inherits')} ${whose(name(event.from))} seats on ${listOf(event.boards)}`;
    case 'flee':
      return `${whose(name(event.player), true)} king must flee from ${event.from}`;
    case 'fled':
      return `${whose(name(event.player), true)} king flees to ${event.board}`;
    case 'check':
      return `${says(name(event.player), 'is')} in check on ${listOf(event.boards)}`;
  }
}

/**
 * A seat action in words: "Ada's time ran out", "Boris left the game", "A level-2 bot took
 * Chen's seat", "Chen is back".
 */
export function seatActionText(action: SeatAction, name: NameOf): string {
  const who = name(action.player);
  switch (action.kind) {
    case 'timeout':
      return `${whose(who, true)} time ran out`;
    case 'absent':
      return `${who} left the game`;
    case 'bot':
      return `A level-${action.level} bot took ${whose(who)} seat`;
    case 'return':
      return `${says(who, 'is')} back`;
  }
}

/** The captions of one action's events, in order (checks left out unless asked for). */
export function captionsOf(
  events: readonly GameEvent[],
  name: NameOf,
  opts: { checks?: boolean } = {},
): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'check' && !opts.checks) continue;
    const text = captionOf(e, name);
    if (text) out.push(text);
  }
  return out;
}

/** Captions joined into sentences, for an announcement. */
export function sentences(captions: readonly string[]): string {
  return captions.map((c) => (/[.…!?]$/.test(c) ? c : `${c}.`)).join(' ');
}

/**
 * The captions of the `cursor`-th action of `game` (what it made happen), for the HUD: a bot
 * taking a seat or a player coming back first (they change nothing on the boards).
 */
export function captionsAt(game: Game, cursor: number, checks = false): string[] {
  const name = namesOf(game);
  const seat = game.seatActionOf(cursor);
  const said = seat?.kind === 'bot' || seat?.kind === 'return' ? [seatActionText(seat, name)] : [];
  return [...said, ...captionsOf(game.eventsOf(cursor), name, { checks })];
}
