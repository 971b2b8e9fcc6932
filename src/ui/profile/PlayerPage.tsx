/**
 * A player's page (issue #64 items 4 and 5): their name, their rating in each pool (provisional
 * marked), the rating history chart, games played / won / eliminated first, their games newest
 * first a page at a time (each opens in the review at its replay link), and the download of
 * every game they played.
 */
import { useState, type MouseEvent } from 'react';
import { replayLink } from '../../device/shareLink';
import {
  RATING_POOLS,
  exportAddress,
  fetchGames,
  fetchProfile,
  type PlayerProfile,
  type ProfileGame,
} from '../../online/profileApi';
import { goTo } from '../../online/profileRoute';
import { useGame } from '../../store/store';
import { PROFILE_TEXT as T, poolWords, resultWords } from '../../text';
import { Pager } from './Pager';
import { RatingChart } from './RatingChart';
import { plainClick } from './RouteLink';
import { useFetched } from './useFetched';

export function PlayerPage({ name }: { name: string }) {
  const profile = useFetched(`player:${name}`, () => fetchProfile(name));
  if (!profile) return <p className="loading">{T.loading}</p>;
  if (!profile.ok)
    return (
      <p className="error" role="alert">
        {profile.error}
      </p>
    );
  return <Profile profile={profile.value} />;
}

function Profile({ profile }: { profile: PlayerProfile }) {
  const { played, won, eliminatedFirst } = profile.counts;
  return (
    <article className="player-page" aria-labelledby="player-name">
      <h1 id="player-name">{profile.name}</h1>
      <section aria-labelledby="ratings-title">
        <h2 id="ratings-title">{T.ratings}</h2>
        <dl className="ratings">
          {RATING_POOLS.map((pool) => {
            const r = profile.ratings.find((x) => x.pool === pool);
            return (
              <div key={pool} data-pool={pool}>
                <dt>{poolWords(pool)}</dt>
                <dd>
                  {r ? (
                    <>
                      <strong>{r.rating}</strong>
                      {r.provisional && (
                        <abbr title={T.provisional} className="provisional">
                          {T.provisionalMark}
                        </abbr>
                      )}
                    </>
                  ) : (
                    T.notRated
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        {profile.ratings.some((r) => r.provisional) && <p className="note">{T.provisionalNote}</p>}
        <RatingChart profile={profile} />
        <p className="counts">{T.counts(played, won, eliminatedFirst)}</p>
      </section>
      <Games profile={profile} />
    </article>
  );
}

/** Open a listed game in the review, as its replay link does. */
function openGame(e: MouseEvent, replayId: string) {
  if (!plainClick(e)) return;
  e.preventDefault();
  goTo(null);
  void useGame.getState().openSharedLink(replayLink('', replayId));
}

function Games({ profile }: { profile: PlayerProfile }) {
  const [page, setPage] = useState(1);
  const games = useFetched(`games:${profile.name}:${page}`, () => fetchGames(profile.name, page));
  return (
    <section aria-labelledby="games-title">
      <div className="games-head">
        <h2 id="games-title">{T.games}</h2>
        <a className="button" href={exportAddress(profile.name)} download>
          {T.download}
        </a>
      </div>
      <p className="note">{T.downloadNote}</p>
      {!games ? (
        <p className="loading">{T.loading}</p>
      ) : !games.ok ? (
        <p className="error" role="alert">
          {games.error}
        </p>
      ) : (
        <>
          {games.value.games.length === 0 && <p>{T.noGames}</p>}
          <ol className="game-list">
            {games.value.games.map((g) => (
              <GameRow key={g.id} game={g} />
            ))}
          </ol>
          <Pager
            page={page}
            pages={games.value.pages}
            go={setPage}
            before={T.newer}
            after={T.older}
            label={T.games}
          />
        </>
      )}
    </section>
  );
}

function GameRow({ game }: { game: ProfileGame }) {
  const own = game.players.find((p) => p.seat === game.playerSeat);
  const change =
    own?.ratingBefore != null && own.ratingAfter != null
      ? own.ratingAfter - own.ratingBefore
      : null;
  return (
    <li className="game-row" data-game={game.id}>
      <div className="game-facts">
        <time dateTime={game.finishedAt}>{new Date(game.finishedAt).toLocaleString()}</time>
        <span>{game.pool ? poolWords(game.pool) : T.unrated}</span>
        {own && <strong>{resultWords(own.outcome, own.rank, game.players.length)}</strong>}
        {change !== null && (
          <span className="rating-change">
            {own!.ratingAfter} ({change >= 0 ? '+' : '−'}
            {Math.abs(change)})
          </span>
        )}
      </div>
      <ul className="seats">
        {game.players.map((p) => (
          <li key={p.seat} className={p.seat === game.playerSeat ? 'own' : undefined}>
            {p.name}{' '}
            <span className="note">{resultWords(p.outcome, p.rank, game.players.length)}</span>
          </li>
        ))}
      </ul>
      <a href={replayLink('/', game.replayId)} onClick={(e) => openGame(e, game.replayId)}>
        {T.open}
      </a>
    </li>
  );
}
