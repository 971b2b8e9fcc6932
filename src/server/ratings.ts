/**
 * Ratings of many-player results (issue #64 item 3): OpenSkill (Weng-Lin, the Plackett–Luce
 * model, openskill's defaults) updates each player's skill estimate, a mean μ and an uncertainty
 * σ, from one game's ranking; a player is shown one number, their ordinal μ − 3σ (a skill they
 * very probably have at least) on an Elo-like scale. Pure arithmetic: archive.ts reads and writes
 * the ratings in the archive's transaction.
 */
import { ordinal, rate, rating } from 'openskill';
import { PROVISIONAL_GAMES, type RatingPool, type RatingShown } from '../net';

/** A skill estimate: OpenSkill's mean and standard deviation. */
export interface Skill {
  mu: number;
  sigma: number;
}

/** A player who has not played a rated game yet in a pool (openskill's default: μ 25, σ 25/3). */
export const NEW_SKILL: Skill = rating();

/**
 * Elo points per unit of OpenSkill skill. In the Plackett–Luce model two players whose skills
 * differ by d meet with odds exp(d / c), c = √2·β (β = 25/6, the default performance spread);
 * Elo's odds are 10^(D / 400). Equal odds make D = d · 400 / (c · ln 10) ≈ 29.5 · d: 400 shown
 * points apart is about 10 to 1 in a game of two, as in Elo.
 */
export const POINTS_PER_SKILL = 400 / (Math.SQRT2 * (25 / 6) * Math.LN10);

/**
 * The number a player is shown: their ordinal μ − 3σ, scaled to Elo points and shifted so that a
 * new player (ordinal 0: μ 25, σ 25/3) shows 1500. The ordinal is cautious: it rises as σ shrinks
 * with games played, so an established player of average skill (μ ≈ 25, σ settling near 1.9)
 * shows about 2070.
 */
export function shownRating(mu: number, sigma: number): number {
  return Math.round(1500 + POINTS_PER_SKILL * ordinal({ mu, sigma }));
}

/** A pool's rating as a client is told it. */
export function ratingShown(pool: RatingPool, rating: number, games: number): RatingShown {
  return { pool, rating, games, provisional: games < PROVISIONAL_GAMES };
}

/**
 * The players' skills after one game: `ranks[i]` is player i's place (1 the best; equal places a
 * draw among them), as the archive ranks a finished game (R8.1).
 */
export function rateGame(skills: readonly Skill[], ranks: readonly number[]): Skill[] {
  if (skills.length !== ranks.length || skills.length < 2)
    throw new Error(`a rated game needs a rank for each of at least two players`);
  return rate(
    skills.map((s) => [rating(s)]),
    { rank: [...ranks] },
  ).map(([s]) => ({ mu: s.mu, sigma: s.sigma }));
}
