/**
 * The words for what an action made happen (the core's events): the HUD's caption line, the
 * screen-reader announcement and the demo's captions all say it the same way. Pure functions.
 */
import type { EliminationCause, Game, GameEvent, SeatAction } from '../core';

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
  by: string | null,
  cause: EliminationCause,
  name: NameOf,
): string {
  const who = name(player);
  const whom = by ? name(by) : '';
  switch (cause) {
    case 'resigned':
      return `${who} resigns and leaves the game`;
    case 'checkmate':
      return `${who} is checkmated by ${whom} and eliminated`;
    case 'captured':
      return `${whom} captures ${who}'s king: ${who} is eliminated`;
    case 'removed':
      return `${who}'s king is removed: ${who} is eliminated by ${whom}`;
    case 'no-flight':
      return `${who}'s king has nowhere to flee: ${who} is eliminated`;
    case 'no-board':
      return `${who} has no board left and is eliminated`;
    case 'timed-out':
      return `${who}'s time ran out: ${who} is eliminated`;
    case 'left':
      return `${who} left the game: ${who} is eliminated`;
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
  return by ? `eliminated by ${name(by)}` : 'eliminated';
}

/** One event in words, or null for an event not worth a caption. */
export function captionOf(event: GameEvent, name: NameOf): string | null {
  switch (event.type) {
    case 'checkmate':
      return `${name(event.player)} is checkmated by ${name(event.by)}. ${name(event.player)} makes one final move…`;
    case 'eliminated':
      return eliminationCaption(event.player, event.by, event.cause, name);
    case 'countdown': {
      const n = event.boards.length;
      const turns = `${event.turnsLeft} ${plural(event.turnsLeft, 'turn', 'turns')}`;
      return n === 1
        ? `${name(event.player)}'s board ${event.boards[0]} collapses in ${turns}`
        : `${name(event.player)}'s ${n} boards collapse in ${turns}`;
    }
    case 'collapse': {
      const lost =
        event.piecesLost === 0
          ? 'no pieces are lost'
          : `${event.piecesLost} ${plural(event.piecesLost, 'piece is', 'pieces are')} lost`;
      return `Collapse: ${listOf(event.boards)} ${plural(event.boards.length, 'leaves', 'leave')} play; ${lost}`;
    }
    case 'inherit':
      return `${name(event.player)} inherits ${name(event.from)}'s seats on ${listOf(event.boards)}`;
    case 'flee':
      return `${name(event.player)}'s king must flee from ${event.from}`;
    case 'fled':
      return `${name(event.player)}'s king flees to ${event.board}`;
    case 'check':
      return `${name(event.player)} is in check on ${listOf(event.boards)}`;
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
      return `${who}'s time ran out`;
    case 'absent':
      return `${who} left the game`;
    case 'bot':
      return `A level-${action.level} bot took ${who}'s seat`;
    case 'return':
      return `${who} is back`;
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
