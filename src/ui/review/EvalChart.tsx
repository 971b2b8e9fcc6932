/**
 * The review's evaluation chart (issue #47), plain SVG: one line per player in their colour (the
 * search's score of each of their judged actions, for them), a zero line, and a cursor at the
 * action shown. A click picks the action under the pointer.
 */
import type { MouseEvent } from 'react';
import type { EvalPoint } from '../../ai/evalSeries';
import { REVIEW_TEXT } from '../../text/review';

const WIDTH = 600;
const HEIGHT = 160;
/** Scores are drawn up to ±10 pawns: a forced mate (±100 000) sits at the edge. */
const CAP = 1_000;

export interface EvalChartProps {
  /** One series per player (turn-order index). */
  series: EvalPoint[][];
  colours: string[];
  names: string[];
  /** How many actions the record has. */
  total: number;
  /** How many actions are shown (the history cursor): the cursor stands at the last of them. */
  cursor: number;
  /** An action was clicked (its index in the record). */
  onPick(index: number): void;
}

export function EvalChart({ series, colours, names, total, cursor, onPick }: EvalChartProps) {
  const last = Math.max(total - 1, 1);
  const x = (index: number) => (index / last) * WIDTH;
  const y = (score: number) =>
    HEIGHT / 2 - (Math.max(-CAP, Math.min(CAP, score)) / CAP) * (HEIGHT / 2 - 2);
  const pick = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const share = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
    onPick(Math.max(0, Math.min(total - 1, Math.round(share * last))));
  };
  return (
    <svg
      className="eval-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-label={REVIEW_TEXT.chartLabel}
      onClick={pick}
    >
      <line className="zero" x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
      {series.map((points, p) =>
        points.length ? (
          <polyline
            key={p}
            className="eval-line"
            data-player={p}
            points={points.map((pt) => `${x(pt.index)},${y(pt.score)}`).join(' ')}
            stroke={colours[p]}
          >
            <title>{names[p]}</title>
          </polyline>
        ) : null,
      )}
      {cursor > 0 && (
        <line
          className="eval-cursor"
          x1={x(cursor - 1)}
          x2={x(cursor - 1)}
          y1={0}
          y2={HEIGHT}
          data-index={cursor - 1}
        />
      )}
    </svg>
  );
}
