/**
 * The list of open tables and live games on the online setup screen (issue 49 item 2): the
 * public tables waiting for players and the public games in play.
 */
import type { Options } from '../core';
import { rulesOn } from './terms';
import { PAIRING_TEXT } from './pairing';

/**
 * A table's format in words, with the options it is played with:
 * "4 players · 5 minutes each, +3 s a turn · Hyperspace, Quiet shifts (house rule)".
 */
export function tableFormatWords(size: number, clock: string, options: Partial<Options>): string {
  const rules = rulesOn(options);
  return PAIRING_TEXT.format(
    size,
    PAIRING_TEXT.clockWords(clock),
    rules.length ? rules.join(', ') : PAIRING_TEXT.standard,
  );
}

/**
 * A seated player's rating as the list has it (src/net/listing.ts ListedRating): the number,
 * marked "?" while provisional (their first rated games in the pool), or who they are.
 */
export type ListedRatingWords =
  { rating: number; provisional: boolean } | { bot: number } | 'new' | 'guest';

const ratingWords = (r: ListedRatingWords): string =>
  typeof r === 'string'
    ? r
    : 'bot' in r
      ? `bot, level ${r.bot}`
      : `${r.rating}${r.provisional ? '?' : ''}`;

export const LISTING_TEXT = {
  title: 'Open tables and live games',
  waitingTitle: 'Tables waiting for players',
  playingTitle: 'Games in play',
  noneWaiting: 'No table is waiting for players now: "Play online now" opens one.',
  nonePlaying: 'No public game is being played now.',
  seated: (seated: number, size: number) => `${seated} of ${size} seated`,
  /** The seated players' ratings in the table's pool (listed after "2 of 3 seated"). */
  ratings: (ratings: readonly ListedRatingWords[]) =>
    ratings.length ? ` (${ratings.map(ratingWords).join(', ')})` : '',
  /** A player in a live game with their rating. */
  player: (name: string, rating: ListedRatingWords | undefined) =>
    rating === undefined ? name : `${name} (${ratingWords(rating)})`,
  move: (n: number) => `move ${n}`,
  join: 'Join',
  joinLabel: (format: string) => `Join the table: ${format}`,
  watch: 'Watch',
  watchLabel: (players: string[]) => `Watch ${players.join(', ')}`,
  notRead: (why: string) => `The list of open tables could not be read: ${why}.`,
  notJoined: (why: string) => `That table could not be joined: ${why}.`,
} as const;
