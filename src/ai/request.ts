/**
 * How the page describes a game to a bot worker (see protocol.ts), kept apart from the worker's
 * work so that the page's bundle takes none of the search with it.
 */
import { makePosition, saveGame, type Game } from '../core';
import type { BotRequest } from './protocol';

/**
 * What describes `game` in a request: its saved form, or for a game set up from a position
 * (Game.fromPosition: "Play from here", a lesson), which has none, its setup, the position it
 * started from and its actions.
 */
export function gameRequest(
  game: Game,
): Pick<BotRequest, 'save' | 'setup' | 'position' | 'actions'> {
  if (!game.fromPosition) return { save: saveGame(game) };
  return {
    setup: game.setup,
    position: makePosition(game.positionAt(0)),
    actions: [...game.actions],
  };
}
