/**
 * Who holds each seat at any point of a record (R10.1, R11.3): the seats the game started with
 * (a human, or a bot of a level) and the record's take-overs (`bot C 2`) and returns
 * (`return C`) folded over them.
 */
import type { Game } from './game';
import { InvariantError, type SavedSeat } from './types';

/**
 * The holders of the seats after the first k actions of `game`, one per setup.players entry
 * (the order of a saved game's seats): `initial` with every take-over still in force. A seat a
 * bot took is the bot's until its player returns; then it is a human's again.
 */
export function seatHoldersAt(game: Game, k: number, initial: readonly SavedSeat[]): SavedSeat[] {
  if (initial.length !== game.setup.players.length)
    throw new InvariantError(
      `seatHoldersAt: ${game.setup.players.length} seats expected, got ${initial.length}`,
    );
  const seats = initial.map((s) => ({ ...s }));
  const changes = game.seatChanges(k);
  game.players.forEach((player, p) => {
    const changed = changes[p];
    if (changed) seats[player.setupIndex] = changed;
  });
  return seats;
}
