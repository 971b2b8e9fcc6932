/**
 * A pool's leaderboard (issue #64 item 4): the top 100 players of a table size by rating, 25 a
 * page, each name a link to their page; the other pools one link away.
 */
import { useState } from 'react';
import { RATING_POOLS, fetchLeaderboard, type RatingPool } from '../../online/profileApi';
import { PROFILE_TEXT as T, poolWords } from '../../text';
import { Pager } from './Pager';
import { RouteLink } from './RouteLink';
import { useFetched } from './useFetched';

export function LeaderboardPage({ pool }: { pool: RatingPool }) {
  const [page, setPage] = useState(1);
  const board = useFetched(`board:${pool}:${page}`, () => fetchLeaderboard(pool, page));
  return (
    <article className="leaderboard" aria-labelledby="board-title">
      <h1 id="board-title">{T.boardTitle(pool)}</h1>
      <nav className="pools" aria-label={T.leaderboards}>
        {RATING_POOLS.map((p) => (
          <RouteLink key={p} to={{ kind: 'leaderboard', pool: p }} current={p === pool}>
            {poolWords(p)}
          </RouteLink>
        ))}
      </nav>
      <p className="note">{T.boardNote}</p>
      {!board ? (
        <p className="loading">{T.loading}</p>
      ) : !board.ok ? (
        <p className="error" role="alert">
          {board.error}
        </p>
      ) : board.value.entries.length === 0 ? (
        <p>{T.boardEmpty}</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{T.place}</th>
                <th scope="col">{T.player}</th>
                <th scope="col">{T.rating}</th>
                <th scope="col">{T.gamesCount}</th>
              </tr>
            </thead>
            <tbody>
              {board.value.entries.map((e) => (
                <tr key={e.place}>
                  <td>{e.place}</td>
                  <td>
                    <RouteLink to={{ kind: 'player', name: e.name }}>{e.name}</RouteLink>
                  </td>
                  <td>
                    {e.rating}
                    {e.provisional && (
                      <abbr title={T.provisional} className="provisional">
                        {T.provisionalMark}
                      </abbr>
                    )}
                  </td>
                  <td>{e.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={board.value.pages} go={setPage} label={T.leaderboards} />
        </>
      )}
    </article>
  );
}
