/**
 * Profiles and leaderboards as both sides speak of them (issue #64 items 4 and 5): the HTTP
 * paths, the page sizes and caps, and the shapes of the answers. The server answers from the game
 * archive (src/server/profiles.ts); the page shows them (src/ui/profile/).
 */
import type { RatingPool, RatingShown } from './rating';

export const PROFILES = {
  /** `GET <players><name>`, `…/games?page=N`, `…/games.txt`. */
  playersPath: '/api/players/',
  /** `GET <leaderboard><pool>?page=N`. */
  leaderboardPath: '/api/leaderboard/',
  /** The page paths that open the app on a player's page or a pool's leaderboard. */
  playerPage: '/player/',
  leaderboardPage: '/leaderboard/',
  /** A player's games, newest first, this many a page. */
  gamesPerPage: 20,
  /** A leaderboard shows the top this many of a pool… */
  leaderboardTop: 100,
  /** …this many a page. */
  leaderboardPerPage: 25,
  /** A rating-history chart shows at most this many of a pool's latest rated games. */
  historyPoints: 200,
} as const;

/** The games a player played, by how they ended for them. */
export interface ProfileCounts {
  played: number;
  won: number;
  /** Games where they were the first out (the last rank, eliminated). */
  eliminatedFirst: number;
}

/** One rated game's result in a pool's history: the rating after it. */
export interface HistoryPoint {
  /** When the game finished (ISO 8601). */
  at: string;
  rating: number;
  gameId: string;
}

export interface PlayerProfile {
  id: string;
  name: string;
  ratings: RatingShown[];
  /** Per pool the player has rated games in, oldest first (the latest PROFILES.historyPoints). */
  history: { pool: RatingPool; points: HistoryPoint[] }[];
  counts: ProfileCounts;
}

/** A seat of a listed game, in setup order. */
export interface ProfileSeat {
  seat: number;
  name: string;
  /** R8.1: 1 is the winner or every drawn player; later is better among the eliminated. */
  rank: number;
  outcome: 'won' | 'drawn' | 'eliminated';
  ratingBefore: number | null;
  ratingAfter: number | null;
}

export interface ProfileGame {
  id: string;
  /** Its replay link is `#replay=<replayId>`. */
  replayId: string;
  finishedAt: string;
  /** The seat of the player whose games these are (their name then may differ from today's). */
  playerSeat: number;
  players: ProfileSeat[];
  /** The pool it was rated in, or null: unrated. */
  pool: RatingPool | null;
}

export interface GamesPage {
  games: ProfileGame[];
  /** 1-based. */
  page: number;
  /** At least 1. */
  pages: number;
}

export interface LeaderboardEntry {
  /** The place on the board, 1 the best. */
  place: number;
  name: string;
  rating: number;
  games: number;
  provisional: boolean;
}

export interface LeaderboardPage {
  pool: RatingPool;
  entries: LeaderboardEntry[];
  page: number;
  pages: number;
}

/** An error answer of the API: `{ error: { code, message } }` with a 4xx or 5xx status. */
export interface ApiError {
  error: { code: string; message: string };
}

/** The page path of the player named `name`, and of a pool's leaderboard. */
export const playerPagePath = (name: string): string =>
  `${PROFILES.playerPage}${encodeURIComponent(name)}`;
export const leaderboardPagePath = (pool: RatingPool): string =>
  `${PROFILES.leaderboardPage}${encodeURIComponent(pool)}`;
