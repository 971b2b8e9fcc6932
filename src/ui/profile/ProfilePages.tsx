/**
 * The profile pages in the app (issue #64 item 4): a bar back to the game and to the
 * leaderboards (and the player's own page once this device has an identity), then the page the
 * address names. Escape goes back to the game.
 */
import { useEffect } from 'react';
import { loadIdentityOnce, useIdentity } from '../../online/identity';
import { goTo, type ProfileRoute } from '../../online/profileRoute';
import { PROFILE_TEXT as T } from '../../text';
import { LeaderboardPage } from './LeaderboardPage';
import { PlayerPage } from './PlayerPage';
import { RouteLink } from './RouteLink';

/** The leaderboards, and this device's player's own page (their name as the server last said). */
export function ProfileLinks() {
  const me = useIdentity((s) => (s.problem ? null : (s.me?.name ?? s.identity?.name ?? null)));
  useEffect(() => void loadIdentityOnce(), []);
  return (
    <>
      <RouteLink to={{ kind: 'leaderboard', pool: '3' }}>{T.leaderboards}</RouteLink>
      {me && <RouteLink to={{ kind: 'player', name: me }}>{T.myProfile}</RouteLink>}
    </>
  );
}

export function ProfilePages({ route }: { route: ProfileRoute }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') goTo(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <main className="profiles">
      <nav className="profile-bar">
        <RouteLink to={null}>{T.back}</RouteLink>
        <ProfileLinks />
      </nav>
      {route.kind === 'player' ? (
        <PlayerPage key={route.name} name={route.name} />
      ) : route.kind === 'leaderboard' ? (
        <LeaderboardPage key={route.pool} pool={route.pool} />
      ) : (
        <p className="error" role="alert">
          {T.badPath}
        </p>
      )}
    </main>
  );
}
