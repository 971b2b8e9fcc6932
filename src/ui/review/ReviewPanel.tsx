/**
 * The review panel (issue #47): the review's progress (with cancel), the evaluation chart, and
 * a summary per player. Loaded only when a review opens (Hud.tsx imports it lazily), with the
 * chart. The game stays usable meanwhile: the review runs in its worker (src/drivers/reviewDriver.ts).
 */
import { useMemo } from 'react';
import { evalSeries } from '../../ai/evalSeries';
import { useGame } from '../../store/store';
import { REVIEW_TEXT } from '../../text/review';
import { EvalChart } from './EvalChart';
import { KeyMoments } from './KeyMoments';

export default function ReviewPanel() {
  const review = useGame((s) => s.review);
  const cursor = useGame((s) => s.cursor);
  const s = useGame.getState();
  const game = review?.game;
  const series = useMemo(
    () => (review && game ? evalSeries(review.actions, game.players.length) : []),
    [review, game],
  );
  if (!review || !game) return null;
  const { players } = game;
  const boardNames = game.position.g.names;
  const running = review.status === 'running';
  return (
    <section className="review-panel" aria-label={REVIEW_TEXT.title}>
      <header>
        <h2>{REVIEW_TEXT.title}</h2>
        <button type="button" className="close" onClick={s.closeReview}>
          {REVIEW_TEXT.close}
        </button>
      </header>
      {running && (
        <div className="review-progress">
          <progress max={review.total} value={review.done} aria-label={REVIEW_TEXT.progressLabel} />
          <span role="status">{REVIEW_TEXT.progress(review.done, review.total)}</span>
          <button type="button" onClick={s.cancelReview}>
            {REVIEW_TEXT.cancel}
          </button>
        </div>
      )}
      {(review.status === 'cancelled' || review.status === 'failed') && (
        <p className="review-stopped" role="status">
          {review.status === 'failed'
            ? REVIEW_TEXT.failed(review.error ?? '')
            : REVIEW_TEXT.cancelled}{' '}
          <button type="button" onClick={s.startReview}>
            {REVIEW_TEXT.again}
          </button>
        </p>
      )}
      <EvalChart
        series={series}
        colours={players.map((p) => p.colour)}
        names={players.map((p) => p.name)}
        total={review.total}
        cursor={cursor}
        onPick={(index) => useGame.getState().goTo(index + 1)}
      />
      <p className="review-note">{REVIEW_TEXT.chartNote}</p>
      {review.result && (
        <>
          <table className="review-summary" aria-label={REVIEW_TEXT.summaryLabel}>
            <thead>
              <tr>
                <th scope="col">{REVIEW_TEXT.columns.player}</th>
                <th scope="col" title={REVIEW_TEXT.columns.averageLossTitle}>
                  {REVIEW_TEXT.columns.averageLoss}
                </th>
                <th scope="col">{REVIEW_TEXT.columns.captures}</th>
                <th scope="col">{REVIEW_TEXT.columns.dominated}</th>
              </tr>
            </thead>
            <tbody>
              {review.result.players.map((p) => (
                <tr key={p.player} data-player={p.player}>
                  <th scope="row">
                    <span className="swatch" style={{ background: players[p.player].colour }} />
                    {players[p.player].name}
                  </th>
                  <td>{REVIEW_TEXT.averageLoss(p.averageLoss, p.judged)}</td>
                  <td>{REVIEW_TEXT.captures(p.capturesMade, p.capturesSuffered)}</td>
                  <td>{REVIEW_TEXT.dominated(p.dominated.map((b) => boardNames[b]))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="review-note">{REVIEW_TEXT.dominatedNote}</p>
        </>
      )}
      {review.result && <KeyMoments moments={review.result.moments} />}
    </section>
  );
}
