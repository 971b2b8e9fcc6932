/**
 * Ratings of finished online games (issue #64 item 3) as the archive writes them, on PGlite and
 * on a real PostgreSQL server: who is rated (every seat a known player's, no server bot from the
 * start, three or more players), the update OpenSkill makes from the R8.1 ranking, each seat's
 * rating before and after, and a game archived twice rated once. Also the schema's migration
 * from version 1 with games archived in it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rate, rating } from 'openskill';
import { DEFAULT_COLOURS, Game, type GameSetup } from '../../src/core';
import type { RoomSettings } from '../../src/net';
import { archiveGame } from '../../src/server/archive';
import { DELETED_PLAYER } from '../../src/server/players';
import { MIGRATIONS, migrate } from '../../src/server/migrations';
import { shownRating } from '../../src/server/ratings';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from '../../src/server/store';
import { hashToken, randomToken } from '../../src/server/tokens';
import { BACKENDS, openBackend, type TestBackend } from './archiveBackends';
import { addPlayer } from './knownPlayers';

interface Finished {
  stored: StoredGame;
  /** The R8.1 rank of each seat (setup order), as openskill is to be given it. */
  ranks: number[];
}

/**
 * A finished game of `n` players whose `resigning` first movers resign in turn (R8.1: the first
 * to resign ranks last); with `draw`, the placement is played out first and the players left
 * agree a draw (R8.2: they rank first, equal). `before` are actions played first (take-overs).
 */
function finished(
  n: number,
  options: {
    resigning?: number;
    draw?: boolean;
    playerIds?: (string | null)[];
    seats?: RoomSettings['seats'];
    before?: (game: Game) => string[];
  } = {},
): Finished {
  const setup: GameSetup = {
    players: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, colour: DEFAULT_COLOURS[i] })),
    seed: randomToken(),
    options: {},
  };
  const created = Game.create(setup);
  if (!created.ok) throw new Error(created.error.message);
  let game = created.value;
  const play = (text: string) => {
    const next = game.play(text);
    if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
    game = next.value;
  };
  options.before?.(game).forEach(play);
  if (options.draw)
    while (game.status().phase === 'placement') play(game.actionText(game.legalActions()[0]));
  for (let k = 0; k < (options.resigning ?? n - 1); k++) play('resign');
  if (options.draw) play('draw');
  const { result } = game.status();
  if (!result) throw new Error('the game is not over');
  const ranks = setup.players.map(
    (_, seat) =>
      result.ranking.findIndex((g) =>
        g.includes(game.players.find((p) => p.setupIndex === seat)!.label),
      ) + 1,
  );
  const stored: StoredGame = {
    format: STORED_FORMAT,
    version: STORED_VERSION,
    id: randomToken(),
    setup,
    actions: [...game.actions],
    settings: {
      seats: options.seats ?? setup.players.map(() => ({ kind: 'open' })),
      placement: 'balanced',
      timeControl: null,
      graceMs: 60_000,
      afterGrace: { kind: 'bot', level: 2 },
    },
    tokenHashes: setup.players.map(() => hashToken(randomToken())),
    playerIds: options.playerIds,
    hostTokenHash: hashToken(randomToken()),
    started: true,
    remainingMs: null,
    over: true,
    savedAt: Date.UTC(2026, 11, 7, 12),
  };
  return { stored, ranks };
}

interface RatingRow {
  player_id: string;
  mu: number;
  sigma: number;
  rating: number;
  games: number;
}

describe.each(BACKENDS)('ratings in the archive on %s', (backend) => {
  let base: TestBackend;
  let db: TestBackend['db'];
  beforeAll(async () => {
    base = await openBackend(backend);
    db = base.db;
  }, 180_000);
  afterAll(() => base?.remove());
  beforeEach(async () => {
    await base.empty();
    await migrate(db);
  });

  const players = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => addPlayer(db, `Player ${i}`)));
  const ratingsOf = async (pool: string) =>
    new Map(
      (
        await db.query<RatingRow>(
          'SELECT player_id, mu, sigma, rating, games FROM ratings WHERE pool = $1',
          [pool],
        )
      ).map((r) => [r.player_id, r]),
    );
  const seatsOf = (id: string) =>
    db.query<{
      seat: number;
      player_id: string | null;
      name: string;
      rating_before: number | null;
      rating_after: number | null;
    }>(
      `SELECT seat, player_id, name, rating_before, rating_after FROM game_players
       WHERE game_id = $1 ORDER BY seat`,
      [id],
    );
  const poolOfGame = async (id: string) =>
    (
      await db.query<{ rating_pool: string | null }>(
        'SELECT rating_pool FROM games WHERE id = $1',
        [id],
      )
    )[0].rating_pool;

  /** Every seat's new mu and sigma as openskill itself rates the game from new players. */
  const openskillSays = (ranks: number[]) =>
    rate(
      ranks.map(() => [rating()]),
      { rank: ranks },
    ).map(([r]) => r);

  it('R8.1 a rated 3-player game updates every player as openskill says: the winner up, the first eliminated down', async () => {
    const known = await players(3);
    const { stored, ranks } = finished(3, { playerIds: known.map((p) => p.id) });
    expect(await archiveGame(db, stored)).toBe(true);
    expect(await poolOfGame(stored.id)).toBe('3');
    const rows = await ratingsOf('3');
    const expected = openskillSays(ranks);
    for (const [seat, p] of known.entries()) {
      const row = rows.get(p.id)!;
      expect(row.mu).toBeCloseTo(expected[seat].mu, 10);
      expect(row.sigma).toBeCloseTo(expected[seat].sigma, 10);
      expect(row.rating).toBe(shownRating(expected[seat].mu, expected[seat].sigma));
      expect(row.games).toBe(1);
    }
    const winner = ranks.indexOf(1);
    const first = ranks.indexOf(3);
    expect(rows.get(known[winner].id)!.mu).toBeGreaterThan(25);
    expect(rows.get(known[first].id)!.mu).toBeLessThan(25);
    const seats = await seatsOf(stored.id);
    expect(seats.map((s) => s.player_id)).toEqual(known.map((p) => p.id));
    for (const s of seats) {
      expect(s.rating_before).toBe(1500);
      expect(s.rating_after).toBe(rows.get(s.player_id!)!.rating);
    }
    // A second game starts from the first's ratings.
    const next = finished(3, { playerIds: known.map((p) => p.id) });
    await archiveGame(db, next.stored);
    const again = await ratingsOf('3');
    const seatsNext = await seatsOf(next.stored.id);
    for (const s of seatsNext) {
      expect(s.rating_before).toBe(rows.get(s.player_id!)!.rating);
      expect(again.get(s.player_id!)!.games).toBe(2);
    }
  });

  it('R8.1 R8.2 a rated 8-player game drawn by the last players: the drawn rank equal and rate equal', async () => {
    const known = await players(8);
    const { stored, ranks } = finished(8, {
      playerIds: known.map((p) => p.id),
      resigning: 5,
      draw: true,
    });
    expect(ranks.filter((r) => r === 1)).toHaveLength(3);
    await archiveGame(db, stored);
    expect(await poolOfGame(stored.id)).toBe('5-8');
    const rows = await ratingsOf('5-8');
    const expected = openskillSays(ranks);
    for (const [seat, p] of known.entries())
      expect(rows.get(p.id)!.mu).toBeCloseTo(expected[seat].mu, 10);
    const drawn = known.filter((_, seat) => ranks[seat] === 1).map((p) => rows.get(p.id)!);
    expect(new Set(drawn.map((r) => r.rating)).size).toBe(1);
    expect(drawn[0].mu).toBeGreaterThan(25);
    expect(rows.get(known[ranks.indexOf(Math.max(...ranks))].id)!.mu).toBeLessThan(25);
  });

  it('a game with a guest is unrated: its known players are recorded, no rating changes', async () => {
    const known = await players(2);
    const { stored } = finished(3, { playerIds: [known[0].id, null, known[1].id] });
    await archiveGame(db, stored);
    expect(await poolOfGame(stored.id)).toBeNull();
    expect((await ratingsOf('3')).size).toBe(0);
    const seats = await seatsOf(stored.id);
    expect(seats.map((s) => s.player_id)).toEqual([known[0].id, null, known[1].id]);
    expect(seats.every((s) => s.rating_before === null && s.rating_after === null)).toBe(true);
  });

  it('R11.3 a game with a server bot seated from the start is unrated', async () => {
    const known = await players(3);
    const { stored } = finished(3, {
      playerIds: [known[0].id, known[1].id, null],
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 2 }],
    });
    await archiveGame(db, stored);
    expect(await poolOfGame(stored.id)).toBeNull();
    expect((await ratingsOf('3')).size).toBe(0);
  });

  it('R11.3 a dropped player whose seat a bot played stays rated as theirs', async () => {
    const known = await players(3);
    // The third to move dropped: a bot took their seat, and won it for them.
    const { stored, ranks } = finished(3, {
      playerIds: known.map((p) => p.id),
      before: (game) => [`bot ${game.players[2].label} 2`],
    });
    expect(stored.actions[0]).toMatch(/^bot /);
    await archiveGame(db, stored);
    expect(await poolOfGame(stored.id)).toBe('3');
    const dropped = stored.setup.players.findIndex((_, seat) => ranks[seat] === 1);
    const rows = await ratingsOf('3');
    expect(rows.get(known[dropped].id)!.mu).toBeCloseTo(openskillSays(ranks)[dropped].mu, 10);
    expect(rows.get(known[dropped].id)!.mu).toBeGreaterThan(25);
  });

  it('two-player games and one player in two seats are unrated', async () => {
    const known = await players(2);
    const two = finished(2, { playerIds: known.map((p) => p.id) });
    await archiveGame(db, two.stored);
    const twice = finished(3, { playerIds: [known[0].id, known[1].id, known[0].id] });
    await archiveGame(db, twice.stored);
    expect(await poolOfGame(two.stored.id)).toBeNull();
    expect(await poolOfGame(twice.stored.id)).toBeNull();
    expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM ratings'))[0].n)).toBe(
      0,
    );
  });

  it('a game archived twice (the outbox retried) rates once', async () => {
    const known = await players(4);
    const { stored } = finished(4, { playerIds: known.map((p) => p.id) });
    expect(await archiveGame(db, stored)).toBe(true);
    const once = await ratingsOf('4');
    expect(await archiveGame(db, stored)).toBe(false);
    expect(await ratingsOf('4')).toEqual(once);
    expect([...once.values()].map((r) => r.games)).toEqual([1, 1, 1, 1]);
  });

  it('a player deleted before their game was archived: the seat keeps "deleted player", the game is unrated', async () => {
    const known = await players(3);
    const { stored } = finished(3, { playerIds: known.map((p) => p.id) });
    await db.query('DELETE FROM players WHERE id = $1', [known[1].id]);
    expect(await archiveGame(db, stored)).toBe(true);
    expect(await poolOfGame(stored.id)).toBeNull();
    const seats = await seatsOf(stored.id);
    expect(seats[1]).toMatchObject({ player_id: null, name: DELETED_PLAYER });
    expect(seats[0]).toMatchObject({ player_id: known[0].id, name: 'P0' });
  });

  it('migrates from version 1 with archived games in it: they stay, their new columns null', async () => {
    await base.empty();
    await migrate(
      db,
      MIGRATIONS.filter((m) => m.version === 1),
    );
    await db.query(
      `INSERT INTO games (id, replay_id, record, action_count, options, placement, grace_ms,
         after_grace, finished_at)
       VALUES ('old', 'old-replay', '{}', 2, '{}', 'random', 60000, '{"kind":"eliminate"}', now())`,
    );
    await db.query(
      `INSERT INTO game_players (game_id, seat, label, name, colour, began_as, rank, outcome)
       VALUES ('old', 0, 'A', 'Ada', '#1e88e5', 'human', 1, 'won'),
              ('old', 1, 'B', 'Bo', '#43a047', 'human', 2, 'eliminated')`,
    );
    expect(await migrate(db)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
    expect(await db.query('SELECT id, rating_pool FROM games')).toEqual([
      { id: 'old', rating_pool: null },
    ]);
    expect(
      await db.query(
        'SELECT name, player_id, rating_before, rating_after FROM game_players ORDER BY seat',
      ),
    ).toEqual([
      { name: 'Ada', player_id: null, rating_before: null, rating_after: null },
      { name: 'Bo', player_id: null, rating_before: null, rating_after: null },
    ]);
  });
});
