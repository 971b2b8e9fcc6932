/**
 * Profiles, leaderboards and the export (issue #64 items 4–6) over HTTP, on PGlite and on a real
 * PostgreSQL server: a player's page (ratings per pool, history, counts), their games newest
 * first and paged, the leaderboard's top 100 paged, names found by how they look, a deleted
 * player's games, the export read back as game text, and the API's errors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGameText } from '../../src/core';
import { PROFILES, type GamesPage, type LeaderboardPage, type PlayerProfile } from '../../src/net';
import type { Queryable } from '../../src/server/database';
import { migrate } from '../../src/server/migrations';
import { PROFILE_LIMITS, profileApiHandler } from '../../src/server/profileApi';
import { EXPORT_BATCH } from '../../src/server/profiles';
import { BACKENDS, openBackend, type TestBackend } from './archiveBackends';
import { pollUntil } from './helpers';
import { deletePlayer, seedGame, seedPlayer, seedRating, type SeedSeat } from './profileSeed';
import { serveOnLoopback } from './loopbackServer';

/** The address a test request says it comes from (the x-test-address header). */
const ADDRESS = 'x-test-address';

/**
 * An HTTP server answering the profile API from `db` (none: no archive), with `limits` (by
 * default PROFILE_LIMITS without the per-address limit, which the tests' many requests from one
 * address would reach).
 */
async function apiServer(
  db: Queryable | null,
  logged: string[] = [],
  limits = { ...PROFILE_LIMITS, perSecond: 1e6, burst: 1e6 },
) {
  const handler = profileApiHandler(
    db,
    (m) => logged.push(m),
    (req) => String(req.headers[ADDRESS] ?? ''),
    limits,
  );
  const { base, close } = await serveOnLoopback(handler);
  return {
    get: (path: string, address = '') => fetch(base + path, { headers: { [ADDRESS]: address } }),
    json: async <T>(path: string): Promise<{ status: number; body: T }> => {
      const res = await fetch(base + path);
      return { status: res.status, body: (await res.json()) as T };
    },
    close,
  };
}

type Api = Awaited<ReturnType<typeof apiServer>>;

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1) + minutes * 60_000);

/** Ada's three-player game `i`: Ada, Bo and Cy in seats 0–2, Ada ranked `adaRank`. */
const threeOf = (adaRank: number, extra: Partial<SeedSeat> = {}): SeedSeat[] => {
  const others = [1, 2, 3].filter((r) => r !== adaRank);
  return [
    {
      playerId: 'ada',
      name: 'Ada',
      rank: adaRank,
      outcome: adaRank === 1 ? 'won' : 'eliminated',
      ...extra,
    },
    {
      playerId: 'bo',
      name: 'Bo',
      rank: others[0],
      outcome: others[0] === 1 ? 'won' : 'eliminated',
    },
    {
      playerId: null,
      name: 'Guest',
      rank: others[1],
      outcome: others[1] === 1 ? 'won' : 'eliminated',
    },
  ];
};

it('without an archive, every path answers 503 saying why', async () => {
  const api = await apiServer(null);
  try {
    for (const path of ['/api/players/Ada', '/api/leaderboard/3']) {
      const { status, body } = await api.json<{ error: { code: string; message: string } }>(path);
      expect(status).toBe(503);
      expect(body.error).toEqual({
        code: 'no-archive',
        message: 'this server keeps no game archive: profiles and leaderboards are not available',
      });
    }
  } finally {
    await api.close();
  }
});

describe.each(BACKENDS)('profiles on %s', (backend) => {
  let base: TestBackend;
  let api: Api;
  const logged: string[] = [];
  beforeAll(async () => {
    base = await openBackend(backend);
    api = await apiServer(base.db, logged);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await base?.remove();
  });
  beforeEach(async () => {
    await base.empty();
    await migrate(base.db);
    await seedPlayer(base.db, 'ada', 'Ada');
    await seedPlayer(base.db, 'bo', 'Bo');
  });

  it("a player's page: ratings per pool (provisional marked), rating history oldest first, counts", async () => {
    await seedRating(base.db, 'ada', '3', 1560, 3);
    await seedRating(base.db, 'ada', '4', 1490, 7);
    await seedGame(
      base.db,
      'g1',
      at(1),
      '3',
      threeOf(1, { ratingBefore: 1500, ratingAfter: 1530 }),
    );
    await seedGame(
      base.db,
      'g2',
      at(2),
      '3',
      threeOf(3, { ratingBefore: 1530, ratingAfter: 1510 }),
    );
    await seedGame(
      base.db,
      'g3',
      at(3),
      '3',
      threeOf(1, { ratingBefore: 1510, ratingAfter: 1560 }),
    );
    // Unrated: counted, not in the history.
    await seedGame(base.db, 'g4', at(4), null, threeOf(2));
    await seedGame(base.db, 'g5', at(5), '4', [
      ...threeOf(3, { ratingBefore: 1500, ratingAfter: 1490 }),
      { playerId: null, name: 'Dee', rank: 4, outcome: 'eliminated' },
    ]);
    const { status, body } = await api.json<PlayerProfile>('/api/players/Ada');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'ada',
      name: 'Ada',
      ratings: [
        { pool: '3', rating: 1560, games: 3, provisional: true },
        { pool: '4', rating: 1490, games: 7, provisional: false },
      ],
      history: [
        {
          pool: '3',
          points: [
            { at: at(1).toISOString(), rating: 1530, gameId: 'g1' },
            { at: at(2).toISOString(), rating: 1510, gameId: 'g2' },
            { at: at(3).toISOString(), rating: 1560, gameId: 'g3' },
          ],
        },
        { pool: '4', points: [{ at: at(5).toISOString(), rating: 1490, gameId: 'g5' }] },
      ],
      // First out: rank 3 of 3 in g2; rank 3 of 4 in g5 is not the first out.
      counts: { played: 5, won: 2, eliminatedFirst: 1 },
    });
  });

  it('a name that looks the same finds the player; an unknown name is 404 with a clear message', async () => {
    for (const name of ['ada', 'ADA', '\uff21\uff44\uff41'])
      expect(
        (await api.json<PlayerProfile>(`/api/players/${encodeURIComponent(name)}`)).body.id,
      ).toBe('ada');
    const { status, body } = await api.json('/api/players/Nobody');
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'no-player', message: 'no player is named "Nobody"' } });
    expect((await api.get('/api/players/Nobody/games')).status).toBe(404);
    expect((await api.get('/api/players/Nobody/games.txt')).status).toBe(404);
  });

  it("a player's games: newest first, 20 a page, each with its seats; past the last page, none", async () => {
    for (let i = 0; i < 45; i++)
      await seedGame(base.db, `g${i}`, at(i), null, threeOf(1 + (i % 3)));
    // Bo's own game without Ada is not hers.
    await seedGame(
      base.db,
      'bo-only',
      at(100),
      null,
      threeOf(2).map((s) => ({ ...s, playerId: s.playerId === 'ada' ? null : s.playerId })),
    );
    const first = (await api.json<GamesPage>('/api/players/Ada/games')).body;
    expect(first.page).toBe(1);
    expect(first.pages).toBe(3);
    expect(first.games.map((g) => g.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `g${44 - i}`),
    );
    expect(first.games[0]).toEqual({
      id: 'g44',
      replayId: 'rg44xxxxxxxxxxxxxxxxxx',
      finishedAt: at(44).toISOString(),
      playerSeat: 0,
      pool: null,
      players: [
        {
          seat: 0,
          name: 'Ada',
          rank: 3,
          outcome: 'eliminated',
          ratingBefore: null,
          ratingAfter: null,
        },
        { seat: 1, name: 'Bo', rank: 1, outcome: 'won', ratingBefore: null, ratingAfter: null },
        {
          seat: 2,
          name: 'Guest',
          rank: 2,
          outcome: 'eliminated',
          ratingBefore: null,
          ratingAfter: null,
        },
      ],
    });
    const last = (await api.json<GamesPage>('/api/players/Ada/games?page=3')).body;
    expect(last.games.map((g) => g.id)).toEqual(['g4', 'g3', 'g2', 'g1', 'g0']);
    expect((await api.json<GamesPage>('/api/players/Ada/games?page=4')).body).toEqual({
      games: [],
      page: 4,
      pages: 3,
    });
    for (const page of ['0', '-1', '1.5', 'two', '9999999']) {
      const { status, body } = await api.json<{ error: { code: string } }>(
        `/api/players/Ada/games?page=${page}`,
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe('bad-page');
    }
  });

  it('the leaderboard of a pool: its top 100 by rating, 25 a page, each name with its rating', async () => {
    for (let i = 0; i < 130; i++) {
      await seedPlayer(base.db, `p${i}`, `Player ${i}`);
      await seedRating(base.db, `p${i}`, '5-8', 1000 + i, i % 10);
    }
    await seedRating(base.db, 'ada', '3', 2000, 9);
    const first = (await api.json<LeaderboardPage>('/api/leaderboard/5-8')).body;
    expect(first).toMatchObject({ pool: '5-8', page: 1, pages: 4 });
    expect(first.entries).toHaveLength(PROFILES.leaderboardPerPage);
    expect(first.entries[0]).toEqual({
      place: 1,
      name: 'Player 129',
      rating: 1129,
      games: 9,
      provisional: false,
    });
    expect(first.entries[1]).toMatchObject({ place: 2, name: 'Player 128', provisional: false });
    expect(first.entries[4]).toMatchObject({
      place: 5,
      name: 'Player 125',
      games: 5,
      provisional: false,
    });
    expect(first.entries[5]).toMatchObject({
      place: 6,
      name: 'Player 124',
      games: 4,
      provisional: true,
    });
    const fourth = (await api.json<LeaderboardPage>('/api/leaderboard/5-8?page=4')).body;
    expect(fourth.entries.map((e) => e.place)).toEqual(
      Array.from({ length: 25 }, (_, i) => 76 + i),
    );
    expect(fourth.entries.at(-1)).toMatchObject({ place: 100, name: 'Player 30' });
    // The top 100 is the cap: no fifth page.
    const fifth = await api.json<{ error: { code: string; message: string } }>(
      '/api/leaderboard/5-8?page=5',
    );
    expect(fifth.status).toBe(400);
    expect(fifth.body.error.message).toBe('page must be a whole number from 1 to 4, got "5"');
    expect((await api.json<LeaderboardPage>('/api/leaderboard/3')).body.entries).toEqual([
      { place: 1, name: 'Ada', rating: 2000, games: 9, provisional: false },
    ]);
    expect((await api.json<LeaderboardPage>('/api/leaderboard/4')).body).toEqual({
      pool: '4',
      page: 1,
      pages: 1,
      entries: [],
    });
    const unknown = await api.json<{ error: { code: string } }>('/api/leaderboard/9');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('no-pool');
  });

  it("the rating history shows each pool's latest 200 rated games", async () => {
    await seedRating(base.db, 'ada', '3', 1500, 205);
    for (let i = 0; i < 205; i++)
      await seedGame(
        base.db,
        `g${String(i).padStart(3, '0')}`,
        at(i),
        '3',
        threeOf(1, { ratingAfter: 1000 + i }),
      );
    const { body } = await api.json<PlayerProfile>('/api/players/Ada');
    const points = body.history[0].points;
    expect(points).toHaveLength(PROFILES.historyPoints);
    expect(points[0].rating).toBe(1005);
    expect(points.at(-1)!.rating).toBe(1204);
  });

  it('a deleted player\'s games stay listed, their seat under "deleted player"; their page is gone', async () => {
    await seedGame(base.db, 'g1', at(1), null, threeOf(2));
    await deletePlayer(base.db, 'bo');
    expect((await api.get('/api/players/Bo')).status).toBe(404);
    const { body } = await api.json<GamesPage>('/api/players/Ada/games');
    expect(body.games.map((g) => g.players.map((p) => p.name))).toEqual([
      ['Ada', 'deleted player', 'Guest'],
    ]);
    const text = await (await api.get('/api/players/Ada/games.txt')).text();
    expect(text).toContain('[Player "deleted player"');
    expect(text).not.toContain('"Bo"');
  });

  it('the export: every game of the player in the game text format, newest first, each reading back', async () => {
    const count = EXPORT_BATCH * 2 + 3;
    for (let i = 0; i < count; i++)
      await seedGame(base.db, `g${String(i).padStart(3, '0')}`, at(i), null, threeOf(1 + (i % 3)));
    const res = await api.get('/api/players/ada/games.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Ada-games.txt");
    const text = await res.text();
    // Games are separated as a PGN export separates them: a blank line before each [Game] tag.
    const games = text.split(/\n(?=\[Game )/);
    expect(games).toHaveLength(count);
    for (const [i, game] of games.entries()) {
      const read = readGameText(game);
      if (!read.ok) throw new Error(`game ${i}: ${read.error.message}`);
      expect(read.value.game.status().phase).toBe('over');
      expect(read.value.game.setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo', 'Guest']);
      expect(read.value.game.setup.seed).toBe(`g${String(count - 1 - i).padStart(3, '0')}`);
    }
    expect(logged).toEqual([]);
  });

  it('writes at most PROFILE_LIMITS.exportsAtOnce games files at once: one more is told to come back (429)', async () => {
    await seedGame(base.db, 'g1', at(1), null, threeOf(1));
    // The exports' reads of records wait until released.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    const gated = await apiServer({
      async query(sql, params) {
        if (sql.includes('record::text')) {
          waiting++;
          await gate;
        }
        return base.db.query(sql, params);
      },
    });
    try {
      const first = Array.from({ length: PROFILE_LIMITS.exportsAtOnce }, () =>
        gated.get('/api/players/Ada/games.txt'),
      );
      await pollUntil(
        async () => waiting === PROFILE_LIMITS.exportsAtOnce,
        'the exports under way',
      );
      const refused = await gated.json<{ error: { code: string; message: string } }>(
        '/api/players/Ada/games.txt',
      );
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('busy');
      release();
      for (const res of await Promise.all(first)) {
        expect(res.status).toBe(200);
        expect(readGameText(await res.text()).ok).toBe(true);
      }
      // Their turn over, the next is written.
      expect((await gated.get('/api/players/Ada/games.txt')).status).toBe(200);
    } finally {
      release();
      await gated.close();
    }
  });

  it('limits the requests of each address: past its burst, 429 with a clear message; another address is served', async () => {
    const limited = await apiServer(base.db, [], { ...PROFILE_LIMITS, perSecond: 0.001, burst: 3 });
    try {
      for (let i = 0; i < 3; i++)
        expect((await limited.get('/api/leaderboard/3', 'a')).status).toBe(200);
      const refused = await limited.get('/api/leaderboard/3', 'a');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: { code: 'too-many', message: 'too many requests from this address: wait a moment' },
      });
      expect((await limited.get('/api/leaderboard/3', 'b')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses another method than GET and paths it does not know, in JSON', async () => {
    const post = await fetch(`${(await api.get('/api/players/Ada')).url}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({
      error: { code: 'bad-method', message: 'profiles are read with GET, not POST' },
    });
    expect(
      (await api.json<{ error: { code: string } }>('/api/players/Ada/friends')).body.error.code,
    ).toBe('bad-path');
    expect(
      (await api.json<{ error: { code: string } }>('/api/players/%E0%A4%A')).body.error.code,
    ).toBe('bad-path');
  });
});
