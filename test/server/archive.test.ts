/**
 * Every finished online game kept in PostgreSQL (issue #64 item 2): the schema's migrations, the
 * archive of a game (record, players, seats, ranks, clocks, options), the outbox that keeps what
 * an outage could not archive until it is in, /healthz's report, and replay links opened from
 * the archive once the record store has forgotten the game. The same tests run on PGlite and on
 * a real PostgreSQL server.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Game, loadSavedGame } from '../../src/core';
import { REPLAY_PATH, ROOM_NAME, ROOM_REPLAY_PATH } from '../../src/net';
import { archivedReplayOf } from '../../src/online/roomReplay';
import { Archiver, archiveGame } from '../../src/server/archive';
import { FileStore } from '../../src/server/fileStore';
import { openDatabaseFromEnv } from '../../src/server/database';
import { MIGRATIONS, migrate, type Migration } from '../../src/server/migrations';
import { replayIdOf } from '../../src/server/replays';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from '../../src/server/store';
import { hashToken, randomToken } from '../../src/server/tokens';
import { BACKENDS, openBackend, type TestBackend } from './archiveBackends';
import {
  connect,
  finishedRoom,
  pollUntil,
  roomSetup,
  startWorld,
  type Player,
  type TestWorld,
} from './helpers';

const PLAYERS = [
  { name: 'Ada', colour: '#1e88e5' },
  { name: 'Bo', colour: '#43a047' },
  { name: 'Cy', colour: '#fdd835' },
];

/**
 * A finished three-player room record: with 'win', the first two players to move resign (the
 * third wins); with 'draw', placement is played out, one player resigns and the other two agree
 * a draw (R8.2). Seat 1 is a level-2 bot; the clocks are 5+3.
 */
function finishedStored(ending: 'win' | 'draw'): StoredGame {
  const setup = { players: PLAYERS, seed: randomToken(), options: { hyperspace: true } };
  let game = Game.create(setup);
  const play = (text: string) => {
    if (!game.ok) return;
    game = game.value.play(text);
    if (!game.ok) throw new Error(game.error.message);
  };
  if (ending === 'win') ['resign', 'resign'].forEach(play);
  else {
    while (game.ok && game.value.status().phase === 'placement')
      play(game.value.actionText(game.value.legalActions()[0]));
    ['resign', 'draw'].forEach(play);
  }
  if (!game.ok) throw new Error(game.error.message);
  return {
    format: STORED_FORMAT,
    version: STORED_VERSION,
    id: randomToken(),
    setup,
    actions: [...game.value.actions],
    settings: {
      seats: [{ kind: 'open' }, { kind: 'bot', level: 2 }, { kind: 'open' }],
      placement: 'random',
      timeControl: { baseMs: 300_000, incrementMs: 3_000 },
      graceMs: 60_000,
      afterGrace: { kind: 'bot', level: 1 },
    },
    tokenHashes: [hashToken('a'), null, hashToken('c')],
    hostTokenHash: hashToken(randomToken()),
    started: true,
    remainingMs: [111_000, 222_000, 333_000],
    over: true,
    savedAt: Date.UTC(2026, 11, 7, 12),
  };
}

const count = async (db: TestBackend['db'], table: 'games' | 'game_players') =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

/** The columns of the public tables, to compare two schemas. */
const columns = (db: TestBackend['db']) =>
  db.query(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );

it('several processes (REDIS_URL) without DATABASE_URL refuse to start, saying why', () => {
  expect(() => openDatabaseFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }, tmpdir())).toThrow(
    /REDIS_URL is set \(several processes\) but DATABASE_URL is not/,
  );
});

describe.each(BACKENDS)('the game archive on %s', (backend) => {
  let base: TestBackend;
  let folder: string;
  beforeAll(async () => {
    base = await openBackend(backend);
  }, 180_000);
  afterAll(() => base?.remove());
  beforeEach(async () => {
    await base.empty();
    folder = await mkdtemp(path.join(tmpdir(), 'ndchess-archive-'));
  });
  afterEach(async () => {
    await base.up();
    await rm(folder, { recursive: true, force: true });
  });

  it('migrates an empty database to the newest version once, and again finds nothing to do', async () => {
    const newest = MIGRATIONS.at(-1)!.version;
    expect(await migrate(base.db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(base.db)).toEqual([]);
    const rows = await base.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(rows.at(-1)!.version).toBe(newest);
    expect(await count(base.db, 'games')).toBe(0);
  });

  it('migrates from every earlier version to the same schema as from empty', async () => {
    await migrate(base.db);
    const fresh = await columns(base.db);
    for (let k = 0; k < MIGRATIONS.length; k++) {
      await base.empty();
      await migrate(base.db, MIGRATIONS.slice(0, k));
      expect(await migrate(base.db)).toEqual(MIGRATIONS.slice(k).map((m) => m.version));
      expect(await columns(base.db)).toEqual(fresh);
    }
  });

  it('migrates from the previous version with its games kept, and refuses a newer schema', async () => {
    const next: Migration = {
      version: MIGRATIONS.at(-1)!.version + 1,
      name: 'a later version (test)',
      steps: ['ALTER TABLE games ADD COLUMN note text'],
    };
    await migrate(base.db);
    const stored = finishedStored('win');
    expect(await archiveGame(base.db, stored)).toBe(true);
    expect(await migrate(base.db, [...MIGRATIONS, next])).toEqual([next.version]);
    const rows = await base.db.query<{ id: string; note: string | null }>(
      'SELECT id, note FROM games',
    );
    expect(rows).toEqual([{ id: stored.id, note: null }]);
    expect(await count(base.db, 'game_players')).toBe(3);
    // This server knows only the versions before: it says so instead of writing to it.
    await expect(migrate(base.db)).rejects.toThrow(/newer than this server knows/);
  });

  it('archives a finished game with its record, players, seats, ranks (R8.1), clocks and options, once', async () => {
    await migrate(base.db);
    const stored = finishedStored('win');
    expect(await archiveGame(base.db, stored)).toBe(true);
    expect(await archiveGame(base.db, stored)).toBe(false);
    const [row] = await base.db.query<Record<string, unknown>>(
      `SELECT id, replay_id, action_count, options, placement, time_base_ms, time_increment_ms,
         grace_ms, after_grace, winner_seat, draw_reason, finished_at FROM games`,
    );
    const game = Game.create(stored.setup);
    if (!game.ok) throw new Error(game.error.message);
    // Turn order comes from the seed: the third player to move wins.
    const order = game.value.players.map((p) => p.setupIndex);
    expect(row).toEqual({
      id: stored.id,
      replay_id: replayIdOf(stored.id, stored.hostTokenHash),
      action_count: 2,
      options: { hyperspace: true },
      placement: 'random',
      time_base_ms: 300_000,
      time_increment_ms: 3_000,
      grace_ms: 60_000,
      after_grace: { kind: 'bot', level: 1 },
      winner_seat: order[2],
      draw_reason: null,
      finished_at: new Date(stored.savedAt),
    });
    const players = await base.db.query(
      `SELECT seat, label, name, colour, began_as, bot_level, rank, outcome, elimination_cause,
         remaining_ms FROM game_players ORDER BY rank`,
    );
    const seatOf = (seat: number, label: string, rank: number, outcome: string) => ({
      seat,
      label,
      name: PLAYERS[seat].name,
      colour: PLAYERS[seat].colour,
      began_as: seat === 1 ? 'bot' : 'human',
      bot_level: seat === 1 ? 2 : null,
      rank,
      outcome,
      elimination_cause: outcome === 'won' ? null : 'resigned',
      remaining_ms: stored.remainingMs!['ABC'.indexOf(label)],
    });
    expect(players).toEqual([
      seatOf(order[2], 'C', 1, 'won'),
      seatOf(order[1], 'B', 2, 'eliminated'),
      seatOf(order[0], 'A', 3, 'eliminated'),
    ]);
  });

  it('a record at hand is archived as it is, not replayed; one that cannot be replayed is refused', async () => {
    await migrate(base.db);
    const stored = finishedStored('win');
    let game = Game.create(stored.setup);
    for (const text of stored.actions) if (game.ok) game = game.value.play(text);
    if (!game.ok) throw new Error(game.error.message);
    // The room's own Game is used: the stored texts are not read again.
    const garbled = { ...stored, actions: ['not an action'] };
    await expect(archiveGame(base.db, garbled)).rejects.toThrow(/cannot be replayed/);
    expect(await archiveGame(base.db, garbled, game.value)).toBe(true);
    expect(await count(base.db, 'game_players')).toBe(3);
  });

  it('a game drawn by agreement (R8.2) ranks every remaining player first, drawn', async () => {
    await migrate(base.db);
    const stored = finishedStored('draw');
    await archiveGame(base.db, stored);
    const [game] = await base.db.query('SELECT winner_seat, draw_reason FROM games');
    expect(game).toEqual({ winner_seat: null, draw_reason: 'agreement' });
    const players = await base.db.query<{ rank: number; outcome: string }>(
      'SELECT rank, outcome FROM game_players ORDER BY rank, label',
    );
    expect(players.map((p) => [p.rank, p.outcome])).toEqual([
      [1, 'drawn'],
      [1, 'drawn'],
      [2, 'eliminated'],
    ]);
  });

  it('archives through an outage: games wait in the outbox, then every one is in once, nothing lost', async () => {
    await migrate(base.db);
    const outbox = new FileStore(folder);
    const logged: string[] = [];
    const archiver = new Archiver(base.db, outbox, {
      log: (m) => logged.push(m),
      retryFirstMs: 20,
      retryMaxMs: 200,
    });
    const before = finishedStored('win');
    await archiver.finished(before);
    await archiver.settled();
    expect(archiver.state()).toEqual({ backend, pending: 0, lastError: null });

    await base.down();
    const during = [finishedStored('win'), finishedStored('draw'), finishedStored('win')];
    // Handing a game over never waits on the database.
    for (const stored of during) await archiver.finished(stored);
    await archiver.settled();
    expect(archiver.state()).toMatchObject({ backend, pending: 3 });
    expect(archiver.state().lastError).toMatch(/^game /);
    expect((await outbox.awaitingArchive()).map((g) => g.id).sort()).toEqual(
      during.map((g) => g.id).sort(),
    );
    // The same game finished again (a later save) is still one game.
    await archiver.finished(during[0]);
    await archiver.settled();
    expect(archiver.state().pending).toBe(3);

    await base.up();
    await pollUntil(async () => archiver.state().pending === 0, 'the archive to catch up');
    await archiver.settled();
    expect(archiver.state()).toEqual({ backend, pending: 0, lastError: null });
    expect(await outbox.awaitingArchive()).toEqual([]);
    const ids = await base.db.query<{ id: string }>('SELECT id FROM games ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual([before, ...during].map((g) => g.id).sort());
    expect(await count(base.db, 'game_players')).toBe(12);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^archive: archiving failed \(game .*\); \d games wait, retrying$/);
    expect(logged[1]).toBe('archive: every finished game is archived again');
    await archiver.close();
  });

  describe('with the game server', () => {
    let world: TestWorld;
    let archiver: Archiver;
    beforeEach(async () => {
      await migrate(base.db);
      const store = new FileStore(folder);
      archiver = new Archiver(base.db, store, { log: () => {}, retryFirstMs: 20, retryMaxMs: 200 });
      world = await startWorld({ dataDir: folder, store, archive: archiver });
    });
    afterEach(() => world.stop());

    const health = async () =>
      (await (await fetch(`http://127.0.0.1:${world.server.port}/healthz`)).json()) as {
        status: string;
        archive: { backend: string; pending: number; lastError: string | null };
      };

    it('archives a finished online game; its replay link opens from the archive once the record store forgot it', async () => {
      const { a, id } = await finishedRoom(world);
      await a.until(() => !!a.last('room')?.replay, 'the replay id');
      const replayId = a.last('room').replay!;
      await pollUntil(async () => (await count(base.db, 'games')) === 1, 'the game archived');
      await archiver.settled();
      expect(await health()).toMatchObject({
        status: 'ok',
        archive: { backend, pending: 0, lastError: null },
      });
      const [row] = await base.db.query<{ id: string }>('SELECT id FROM games');
      expect(row.id).toBe(id);
      const url = `http://127.0.0.1:${world.server.port}${REPLAY_PATH}${replayId}`;
      const fromStore = await (await fetch(url)).json();

      // The record store forgets the game: its record, its replay.
      await rm(path.join(folder, 'games'), { recursive: true });
      await rm(path.join(folder, 'replays'), { recursive: true });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual(fromStore);
      const loaded = loadSavedGame(text);
      if (!loaded.ok) throw new Error(loaded.error.message);
      expect(loaded.value.game.actions).toEqual(a.game!.actions);
      expect((await fetch(`${url.slice(0, -3)}xyz`)).status).toBe(404);
    });

    const DAY_MS = 24 * 3600 * 1000;
    /** The page's request for a room's replay id (the client's fallback), to this server. */
    const replayOfRoom = (roomId: string) =>
      archivedReplayOf(roomId, (url) => fetch(`http://127.0.0.1:${world.server.port}${url}`));
    /** Everyone leaves: the process holds the room no more (its link reopens it from the store). */
    const leaveAll = async (...players: Player[]) => {
      await world.room(players[0].room.roomId).settled();
      for (const p of players) await p.room.leave(true);
      await pollUntil(async () => world.server.rooms.size === 0, 'the room closed');
    };
    const reopen = (id: string) => world.colyseus.sdk.create(ROOM_NAME, { resume: id });

    it("a finished room's link opens its archived game once the record store swept the room, and its replay file went with the record", async () => {
      const { a, b, id } = await finishedRoom(world);
      await a.until(() => !!a.last('room')?.replay, 'the replay id');
      const replayId = a.last('room').replay!;
      await pollUntil(async () => (await count(base.db, 'games')) === 1, 'the game archived');
      await pollUntil(async () => archiver.state().pending === 0, 'the outbox emptied');
      await archiver.settled();
      await leaveAll(a, b);
      const store = new FileStore(folder);
      // Within its 30 days the room's link reopens the room itself, and its replay file stays.
      expect(await store.sweep(world.timers.now() + 29 * DAY_MS)).toBe(0);
      expect(await readdir(path.join(folder, 'replays'))).toContain(`${replayId}.json`);
      const back = await reopen(id);
      await world.room(id).settled();
      await back.leave(true);
      await pollUntil(async () => world.server.rooms.size === 0, 'the room closed again');

      expect(await store.sweep(world.timers.now() + 31 * DAY_MS)).toBe(1);
      expect(await readdir(path.join(folder, 'replays'))).toEqual([]);
      await expect(reopen(id)).rejects.toThrow(/no such game/);
      // The link's fallback: the room's replay id, then the replay, from the archive.
      expect(await replayOfRoom(id)).toBe(replayId);
      const res = await fetch(`http://127.0.0.1:${world.server.port}${REPLAY_PATH}${replayId}`);
      expect(res.status).toBe(200);
      const loaded = loadSavedGame(await res.text());
      if (!loaded.ok) throw new Error(loaded.error.message);
      expect(loaded.value.game.actions).toEqual(a.game!.actions);
    });

    it('a room that never finished: after its expiry its link says it is gone, and the archive has no replay for it', async () => {
      const a = await connect(world, { create: roomSetup() });
      const id = a.room.roomId;
      await a.claim(0, 'Ada');
      await leaveAll(a);
      expect(await replayOfRoom(id)).toBeNull();
      expect(await new FileStore(folder).sweep(world.timers.now() + 25 * 3600 * 1000)).toBe(1);
      await expect(reopen(id)).rejects.toThrow(/no such game/);
      expect(await replayOfRoom(id)).toBeNull();
      const url = `http://127.0.0.1:${world.server.port}${ROOM_REPLAY_PATH}`;
      expect((await fetch(url + id)).status).toBe(404);
      expect((await fetch(url + '..%2Fgames%2F' + id)).status).toBe(404);
      expect((await fetch(url + id, { method: 'POST' })).status).toBe(405);
    });

    it('a game the archive did not have at the sweep keeps its replay file until archived, which then removes it', async () => {
      await base.down();
      const { a, b } = await finishedRoom(world);
      await a.until(() => !!a.last('room')?.replay, 'the replay id');
      const replayId = a.last('room').replay!;
      await pollUntil(async () => archiver.state().pending === 1, 'the game waiting');
      await leaveAll(a, b);
      expect(await new FileStore(folder).sweep(world.timers.now() + 31 * DAY_MS)).toBe(1);
      expect(await readdir(path.join(folder, 'replays'))).toEqual([`${replayId}.json`]);
      await base.up();
      await pollUntil(async () => archiver.state().pending === 0, 'the game archived');
      await archiver.settled();
      expect(await readdir(path.join(folder, 'replays'))).toEqual([]);
      const res = await fetch(`http://127.0.0.1:${world.server.port}${REPLAY_PATH}${replayId}`);
      expect(res.status).toBe(200);
    });

    it('a game finished while the database is down: play goes on, /healthz shows it pending, then archived', async () => {
      await base.down();
      const { a, id } = await finishedRoom(world);
      // The room is not held up: the end is stored and its replay told.
      await a.until(() => !!a.last('room')?.replay, 'the replay id');
      await pollUntil(async () => (await health()).archive.pending === 1, '/healthz: pending');
      const down = await health();
      expect(down.status).toBe('ok');
      expect(down.archive.lastError).toContain(id);
      await base.up();
      await pollUntil(async () => (await health()).archive.pending === 0, '/healthz: caught up');
      expect((await health()).archive.lastError).toBeNull();
      expect(await count(base.db, 'games')).toBe(1);
    });
  });
});
