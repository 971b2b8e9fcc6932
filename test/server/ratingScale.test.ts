/**
 * The shown rating's scale and quick pairing's band (issue #64 item 3), as pure functions: a new
 * player shows 1500, 400 points are Elo's 10-to-1 in the Plackett–Luce model, provisional under
 * PROVISIONAL_GAMES games, and the band of a waiting table widening with its wait (fake time).
 */
import { describe, expect, it } from 'vitest';
import { PROVISIONAL_GAMES, RATING_BAND, ratingBand } from '../../src/net';
import {
  preferredTable,
  type JoiningPlayer,
  type WaitingTable,
} from '../../src/server/roomPlayers';
import { NEW_SKILL, POINTS_PER_SKILL, ratingShown, shownRating } from '../../src/server/ratings';

describe('the shown rating', () => {
  it('a new player shows 1500; the number follows the ordinal mu - 3 sigma', () => {
    expect(shownRating(NEW_SKILL.mu, NEW_SKILL.sigma)).toBe(1500);
    expect(shownRating(25, 2)).toBe(Math.round(1500 + POINTS_PER_SKILL * 19));
    expect(shownRating(30, 2)).toBeGreaterThan(shownRating(25, 2));
    expect(shownRating(25, 1)).toBeGreaterThan(shownRating(25, 2));
  });

  it('400 points apart are 10-to-1 odds between two players, as in Elo', () => {
    // Plackett–Luce odds of two players d apart: exp(d / c), c = sqrt(2) * beta.
    const d = 400 / POINTS_PER_SKILL;
    expect(Math.exp(d / (Math.SQRT2 * (25 / 6)))).toBeCloseTo(10, 10);
  });

  it('is provisional for the first rated games of a pool', () => {
    expect(ratingShown('4', 1600, PROVISIONAL_GAMES - 1).provisional).toBe(true);
    expect(ratingShown('4', 1600, PROVISIONAL_GAMES).provisional).toBe(false);
  });
});

describe("quick pairing's band", () => {
  const player = (rating: number | null): JoiningPlayer => ({
    id: 'p',
    name: 'P',
    ratings: rating === null ? [] : [{ pool: '3', rating, games: 9, provisional: false }],
  });
  const table = (roomId: string, openedAt: number, ...ratings: number[]): WaitingTable => ({
    roomId,
    size: 3,
    openedAt,
    ratings: ratings.map((rating) => ({ rating, provisional: false })),
  });

  it('widens with the time a table waited', () => {
    expect(ratingBand(0)).toBe(RATING_BAND.points);
    expect(ratingBand(30_000)).toBe(800);
    expect(ratingBand(60_000)).toBe(1400);
  });

  it('the oldest table within its band; none: null (a table of their own)', () => {
    const tables = [table('old', 0, 1200), table('new', 20_000, 1950)];
    // At 20 s the old table's band is ±600: 2000 is 800 from it, 50 from the new one's.
    expect(preferredTable(tables, player(2000), 20_000)).toBe('new');
    // At 40 s the old table's band is ±1000: the oldest table in band is taken.
    expect(preferredTable(tables, player(2000), 40_000)).toBe('old');
    // Out of every band: null, the player opens a table of their own.
    expect(preferredTable(tables, player(2600), 20_000)).toBeNull();
    expect(preferredTable([table('old', 0, 1200)], player(2000), 30_000)).toBe('old');
    expect(preferredTable([table('old', 0, 1200)], player(2000), 29_999)).toBeNull();
  });

  it('a table of guests only takes anyone; a player not rated in the pool pairs as 1500', () => {
    const guests: WaitingTable = { roomId: 'g', size: 3, openedAt: 0, ratings: ['guest'] };
    expect(preferredTable([guests], player(2600), 0)).toBe('g');
    expect(preferredTable([table('t', 0, 1650)], player(null), 0)).toBe('t');
    expect(preferredTable([table('t', 0, 1750)], player(null), 0)).toBeNull();
  });
});
