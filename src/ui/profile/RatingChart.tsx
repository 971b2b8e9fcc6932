/**
 * A player's rating history (issue #64 item 4), plain SVG like the review's chart: one line per
 * pool (table size) over the time of their rated games, the lowest and highest rating shown at
 * the left, each game a point whose title says its rating and date.
 */
import type { PlayerProfile } from '../../online/profileApi';
import { PROFILE_TEXT, poolWords } from '../../text';

const WIDTH = 600;
const HEIGHT = 180;
/** Room at the left for the rating labels, and above and below the lines. */
const LEFT = 44;
const PAD = 10;

export function RatingChart({ profile }: { profile: PlayerProfile }) {
  const points = profile.history.flatMap((h) => h.points);
  if (!points.length) return <p className="note">{PROFILE_TEXT.noHistory}</p>;
  const times = points.map((p) => Date.parse(p.at));
  const ratings = points.map((p) => p.rating);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  // At least 100 points of rating from bottom to top: a flat history stays flat.
  const mid = (Math.min(...ratings) + Math.max(...ratings)) / 2;
  const half = Math.max(50, (Math.max(...ratings) - Math.min(...ratings)) / 2);
  const [low, high] = [Math.round(mid - half), Math.round(mid + half)];
  const x = (at: string) =>
    LEFT + (t1 > t0 ? ((Date.parse(at) - t0) / (t1 - t0)) * (WIDTH - LEFT - PAD) : 0);
  const y = (rating: number) => PAD + ((high - rating) / (high - low)) * (HEIGHT - 2 * PAD);
  return (
    <figure className="rating-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={PROFILE_TEXT.chartLabel(profile.name)}
      >
        <text className="axis" x={0} y={PAD + 4}>
          {high}
        </text>
        <text className="axis" x={0} y={HEIGHT - PAD}>
          {low}
        </text>
        {profile.history.map((h) => (
          <g key={h.pool} className={`pool pool-${h.pool}`} data-pool={h.pool}>
            <polyline points={h.points.map((p) => `${x(p.at)},${y(p.rating)}`).join(' ')} />
            {h.points.map((p) => (
              <circle key={p.gameId} cx={x(p.at)} cy={y(p.rating)} r={3.5}>
                <title>{`${poolWords(h.pool)}: ${p.rating}, ${new Date(p.at).toLocaleDateString()}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption>
        {profile.history.map((h) => (
          <span key={h.pool} className={`legend pool-${h.pool}`}>
            {poolWords(h.pool)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
