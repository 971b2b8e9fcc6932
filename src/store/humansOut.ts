/**
 * A game on this device whose human seats have all left play (resigned, mated, out of time)
 * while its bots play on (issue #61 item 6): for the humans the game is over, so the end dialog
 * comes at once ('out'), and the bots wait while it shows, until the player chooses to watch
 * them finish (or starts a rematch or a new game).
 */
import { ELIMINATED, OVER } from '../core';
import { humanPlayers } from './config';
import type { State } from './state';

export type HumansOutInput = Pick<State, 'game' | 'view' | 'config' | 'online'> &
  Partial<Pick<State, 'lesson' | 'openedFrom' | 'analysis'>>;

/**
 * The human players (turn-order indices) of the position shown when every one of them is out
 * and the game goes on; else null (a human still plays, the game is over, no human seat, or the
 * game is not one played here: online, a lesson, a link, the analysis board).
 */
export function humansOut(s: HumansOutInput): number[] | null {
  const { game, view, config } = s;
  if (!game || !view || s.online || s.lesson || s.openedFrom || s.analysis) return null;
  const pos = view.position;
  if (pos.phase === OVER) return null;
  const humans = humanPlayers(view, config);
  return humans.length && humans.every((p) => pos.playerState(p) === ELIMINATED) ? humans : null;
}
