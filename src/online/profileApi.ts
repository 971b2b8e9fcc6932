/**
 * The page's one way to the profile API (issue #64 item 4; src/server/profileApi.ts): a player's
 * page, their games a page at a time, a pool's leaderboard, and the address of their export. Each
 * answer is the value, or what went wrong in words: offline, no such player, the server's own
 * message.
 */
import {
  PROFILES,
  type ApiError,
  type GamesPage,
  type LeaderboardPage,
  type PlayerProfile,
  type RatingPool,
} from '../net';
import { PROFILE_TEXT } from '../text';

export {
  PROFILES,
  PROVISIONAL_GAMES,
  RATING_POOLS,
  type GamesPage,
  type HistoryPoint,
  type LeaderboardPage,
  type PlayerProfile,
  type ProfileGame,
  type RatingPool,
  type RatingShown,
} from '../net';

export type Fetched<T> = { ok: true; value: T } | { ok: false; error: string };

type FetchIt = (url: string) => Promise<Response>;

async function getJson<T>(url: string, fetchIt: FetchIt): Promise<Fetched<T>> {
  let res: Response;
  try {
    res = await fetchIt(url);
  } catch (e) {
    return {
      ok: false,
      error:
        typeof navigator !== 'undefined' && navigator.onLine === false
          ? PROFILE_TEXT.offline
          : PROFILE_TEXT.unreachable((e as Error).message),
    };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { ok: false, error: PROFILE_TEXT.badAnswer(res.status) };
  }
  if (res.ok) return { ok: true, value: body as T };
  const message = (body as Partial<ApiError> | null)?.error?.message;
  return { ok: false, error: PROFILE_TEXT.refused(res.status, message) };
}

const playerPath = (name: string) => `${PROFILES.playersPath}${encodeURIComponent(name)}`;

export const fetchProfile = (name: string, fetchIt: FetchIt = fetch) =>
  getJson<PlayerProfile>(playerPath(name), fetchIt);

export const fetchGames = (name: string, page: number, fetchIt: FetchIt = fetch) =>
  getJson<GamesPage>(`${playerPath(name)}/games?page=${page}`, fetchIt);

export const fetchLeaderboard = (pool: RatingPool, page: number, fetchIt: FetchIt = fetch) =>
  getJson<LeaderboardPage>(
    `${PROFILES.leaderboardPath}${encodeURIComponent(pool)}?page=${page}`,
    fetchIt,
  );

/** The address of the file of every game of the player (a download). */
export const exportAddress = (name: string): string => `${playerPath(name)}/games.txt`;
