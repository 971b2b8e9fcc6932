/**
 * Which profile page the app shows (issue #64 item 4), kept in the page's address: a player's
 * page at /player/<name>, a pool's leaderboard at /leaderboard/<pool>, none at any other path.
 * Opening one pushes its path (the browser's Back returns), and the browser's Back and Forward
 * show the page of the path they reach.
 */
import { create } from 'zustand';
import {
  PROFILES,
  RATING_POOLS,
  leaderboardPagePath,
  playerPagePath,
  type RatingPool,
} from '../net';

export type ProfileRoute =
  | { kind: 'player'; name: string }
  | { kind: 'leaderboard'; pool: RatingPool }
  /** A profile path that names nothing (a bad %-escape, an unknown pool). */
  | { kind: 'bad' };

/** The profile page at `pathname`, or null when it is another of the app's paths. */
export function routeOfPath(pathname: string): ProfileRoute | null {
  const under = (prefix: string) =>
    pathname.startsWith(prefix) ? pathname.slice(prefix.length) : null;
  const decode = (raw: string) => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return '';
    }
  };
  const name = under(PROFILES.playerPage);
  if (name !== null) return decode(name) ? { kind: 'player', name: decode(name) } : { kind: 'bad' };
  const pool = under(PROFILES.leaderboardPage);
  if (pool === null) return null;
  const known = RATING_POOLS.find((p) => p === decode(pool));
  return known ? { kind: 'leaderboard', pool: known } : { kind: 'bad' };
}

/** A page a link can open. */
export type PageRoute = Exclude<ProfileRoute, { kind: 'bad' }>;

/** The path of `route`. */
export function pathOfRoute(route: PageRoute): string {
  return route.kind === 'player' ? playerPagePath(route.name) : leaderboardPagePath(route.pool);
}

export const useProfileRoute = create<{ route: ProfileRoute | null }>(() => ({ route: null }));

/** Show `route` (none: back to the game), its path pushed on the browser's history. */
export function goTo(route: PageRoute | null): void {
  history.pushState(null, '', route ? pathOfRoute(route) : '/');
  useProfileRoute.setState({ route });
}

/**
 * Show the profile page of the address the app was opened at, and follow Back and Forward from
 * now on. Whether the address is a profile page.
 */
export function followProfilePaths(): boolean {
  const read = () => useProfileRoute.setState({ route: routeOfPath(location.pathname) });
  window.addEventListener('popstate', read);
  read();
  return useProfileRoute.getState().route !== null;
}
