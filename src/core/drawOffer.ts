/**
 * A draw offer (R8.2, R7.2: a draw by agreement of every remaining player), pure and immutable:
 * who offered, who has accepted, who must still answer. The online room and the page's own
 * games both keep one here.
 *
 * The offer belongs to the position it was made in. It lapses as soon as another action is
 * played, whoever plays it (as on lichess, where moving instead of answering declines), and it
 * ends when anyone declines. A player whose offer was declined offers again only after the next
 * action. When every remaining player has accepted, the caller plays the DRAW action (`draw`),
 * which ends the game as agreed and stays in the record (R10.1), so a saved game keeps it.
 *
 * Players are turn-order indices, as in Game.players. Eliminated players have no say; a
 * checkmated player awaiting the capture (R6.3) is still in the game and does.
 */
import type { Game } from './game';
import { ELIMINATED, PLAY } from './position';
import { fail, ok, type Result } from './types';

export interface DrawOffer {
  /** The record's length when it was made: it lapses once the record is longer. */
  readonly at: number;
  /** Who offered. */
  readonly by: number;
  /** Who has accepted, in the order they did (the offerer first). */
  readonly accepted: readonly number[];
  /** Who declined (the offer is over), or null while it stands. */
  readonly declinedBy: number | null;
}

/** The text of the action that ends a game as agreed. */
export const DRAW_TEXT = 'draw';

const inGame = (game: Game, p: number): boolean =>
  p >= 0 && p < game.players.length && game.position.playerState(p) !== ELIMINATED;

/** `offer` if it still belongs to `game` (no action played since, the game in play), else null. */
export function currentOffer(offer: DrawOffer | null, game: Game): DrawOffer | null {
  return offer && offer.at === game.length && game.position.phase === PLAY ? offer : null;
}

/** The remaining players who have not answered a standing offer yet (none once declined). */
export function drawWaitingFor(offer: DrawOffer | null, game: Game): number[] {
  const standing = currentOffer(offer, game);
  if (!standing || standing.declinedBy !== null) return [];
  return game.players
    .map((_, p) => p)
    .filter((p) => inGame(game, p) && !standing.accepted.includes(p));
}

/** Every remaining player has accepted the standing offer: the caller plays DRAW_TEXT. */
export function drawAgreed(offer: DrawOffer | null, game: Game): boolean {
  const standing = currentOffer(offer, game);
  return !!standing && standing.declinedBy === null && drawWaitingFor(standing, game).length === 0;
}

/** Player `p` offers a draw in `game`; `offer` is the one kept so far (or null). */
export function offerDraw(offer: DrawOffer | null, game: Game, p: number): Result<DrawOffer> {
  if (game.position.phase !== PLAY)
    return fail('illegal-action', 'a draw can be offered only in play, not during placement');
  if (!inGame(game, p))
    return fail('illegal-action', 'a player out of the game cannot offer a draw');
  const standing = currentOffer(offer, game);
  if (standing?.declinedBy === null)
    return fail('illegal-action', 'a draw offer is already waiting for answers');
  if (standing?.by === p)
    return fail('illegal-action', 'your offer was declined: offer again after the next move');
  return ok({ at: game.length, by: p, accepted: [p], declinedBy: null });
}

/** Player `p` accepts or declines the standing offer. */
export function answerDraw(
  offer: DrawOffer | null,
  game: Game,
  p: number,
  accept: boolean,
): Result<DrawOffer> {
  const standing = currentOffer(offer, game);
  if (!standing || standing.declinedBy !== null)
    return fail('illegal-action', 'there is no draw offer to answer');
  if (!inGame(game, p)) return fail('illegal-action', 'a player out of the game has no say');
  if (standing.accepted.includes(p))
    return fail('illegal-action', 'you have accepted this draw offer already');
  return ok(
    accept ? { ...standing, accepted: [...standing.accepted, p] } : { ...standing, declinedBy: p },
  );
}
