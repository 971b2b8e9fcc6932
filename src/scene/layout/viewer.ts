/** Whose side the scene is shown from: the device's player to move, or else its only player. */
import type { Game } from '../../core';
import type { Movable } from '../../store/movable';

/**
 * Player index of the viewer in the position shown, or -1 (a bot to move among several humans,
 * or a spectator online). `seats`: the players this device plays for (movable).
 */
export function viewerOf(view: Game, { seats }: Pick<Movable, 'seats'>): number {
  const status = view.status();
  const turn = status.turn ? view.players.findIndex((p) => p.label === status.turn) : -1;
  if (turn >= 0 && seats.includes(turn)) return turn;
  return seats.length === 1 ? seats[0] : -1;
}
