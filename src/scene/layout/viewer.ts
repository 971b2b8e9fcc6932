/** Whose side the scene is shown from: the human to move, or else the only human seat. */
import type { Game } from '../../core';
import { seatLevel, type GameConfig } from '../../store/config';

/**
 * Player index of the viewer in the position shown, or -1 (a bot to move among several humans).
 * `seat`: this device's seat in an online game (setup index), always the viewer's side.
 */
export function viewerOf(view: Game, config: GameConfig, seat: number | null = null): number {
  if (seat !== null) return view.players.findIndex((p) => p.setupIndex === seat);
  const human = (i: number) => seatLevel(view, config, i) === null;
  const status = view.status();
  const turn = status.turn ? view.players.findIndex((p) => p.label === status.turn) : -1;
  if (turn >= 0 && human(turn)) return turn;
  const humans = view.players.flatMap((_, i) => (human(i) ? [i] : []));
  return humans.length === 1 ? humans[0] : -1;
}
