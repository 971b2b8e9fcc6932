/**
 * What the demo's director looks at: the boards a move and its events concern (where the camera
 * looks), and which events make a show stop to explain. Pure functions over the core. (The
 * words, "Blue's knight shifts from AB to BC", are in src/text.)
 */
import {
  FLAG_PASS,
  FLAG_RESIGN,
  moveFlag,
  moveFromBoard,
  moveToBoard,
  parseAction,
  type Game,
  type GameEvent,
} from '../core';

/** Board indices by name. */
const indexOf = (game: Game, names: readonly string[]) =>
  names.map((n) => game.position.g.names.indexOf(n)).filter((b) => b >= 0);

/** The boards of a move (where it leaves and lands; a king's step: the board named). */
export function moveBoards(game: Game, text: string): number[] {
  const parsed = parseAction(game.position, text);
  if (!parsed.ok) return [];
  const m = parsed.value;
  const flag = moveFlag(m);
  if (flag === FLAG_PASS || flag === FLAG_RESIGN) return [];
  return [...new Set([moveFromBoard(m), moveToBoard(m)])];
}

/** The live boards of a player (by label) in `game`. */
export function boardsOfPlayer(game: Game, label: string): number[] {
  const p = game.players.findIndex((pl) => pl.label === label);
  const pos = game.position;
  const out: number[] = [];
  if (p < 0) return out;
  for (let b = 0; b < pos.nb; b++)
    if (pos.isLive(b) && pos.boardPlayers(b).includes(p)) out.push(b);
  return out;
}

/** Events that make the show stop to explain (a plain move does not). */
export const NOTABLE: ReadonlySet<GameEvent['type']> = new Set([
  'check',
  'checkmate',
  'eliminated',
  'countdown',
  'collapse',
  'inherit',
  'flee',
  'fled',
]);

/** Events that end a quiet stretch (a check alone does not: checks come often with five players). */
export const MAJOR: ReadonlySet<GameEvent['type']> = new Set([
  'checkmate',
  'eliminated',
  'countdown',
  'collapse',
  'inherit',
  'flee',
  'fled',
]);

/** Where the camera should look for the events of the action that led to `game` (may be empty). */
export function eventBoards(before: Game, after: Game, events: readonly GameEvent[]): number[] {
  const out = new Set<number>();
  for (const e of events) {
    switch (e.type) {
      case 'check':
      case 'countdown':
      case 'inherit':
        for (const b of indexOf(after, e.boards)) out.add(b);
        break;
      case 'collapse':
        // The boards are gone: the camera takes in what remains.
        break;
      case 'checkmate':
      case 'eliminated':
        // The boards the player still stands on (before the action, if they are gone now).
        for (const b of boardsOfPlayer(after, e.player)) out.add(b);
        if (!out.size) for (const b of boardsOfPlayer(before, e.player)) out.add(b);
        break;
      case 'flee':
        for (const b of indexOf(after, [e.from])) out.add(b);
        break;
      case 'fled':
        for (const b of indexOf(after, [e.board])) out.add(b);
        break;
    }
  }
  return [...out].filter((b) => after.position.isLive(b));
}
