/**
 * Rooms know who sits (issue #64 items 1 and 3), on PGlite and on a real PostgreSQL server: a
 * join's `identity` seats a known player under their name and the record keeps who sat where; a
 * forged or stale identity is refused and nothing changes; a rated public game ends in the
 * archive with new ratings; the list of open tables shows the seated players' ratings; quick
 * pairing prefers tables within a rating band that widens with the table's wait.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { matchMaker } from '@colyseus/core';
import {
  MSG,
  PAIRING,
  PUBLIC_ROOM_NAME,
  REMATCH_MSG,
  REMATCH_START,
  ROOM_NAME,
  RATING_BAND,
  type PairRequest,
  type RematchStart,
} from '../../src/net';
import { Archiver } from '../../src/server/archive';
import { FileStore } from '../../src/server/fileStore';
import { migrate } from '../../src/server/migrations';
import { UNKNOWN_IDENTITY } from '../../src/server/players';
import { BACKENDS, openBackend, type TestBackend } from './archiveBackends';
import { Player, pollUntil, roomSetup, startWorld, type TestWorld } from './helpers';
import { addPlayer, type TestPlayer } from './knownPlayers';
import { seedRating } from './profileSeed';
import { openTablesAt, pairOn } from './pairingHelpers';

const request = (name: string, identity?: string): PairRequest =>
  ({
    size: 3,
    clock: 'none',
    rules: 'standard',
    name,
    ...(identity && { identity }),
  }) as PairRequest;

describe.each(BACKENDS)('rooms and known players on %s', (backend) => {
  let base: TestBackend;
  let folder: string;
  let store: FileStore;
  let world: TestWorld;
  beforeAll(async () => {
    base = await openBackend(backend);
  }, 180_000);
  afterAll(() => base?.remove());
  beforeEach(async () => {
    await base.empty();
    await migrate(base.db);
    folder = await mkdtemp(path.join(tmpdir(), 'ndchess-players-'));
    store = new FileStore(folder);
    const archive = new Archiver(base.db, store, { log: () => {} });
    world = await startWorld({ dataDir: folder, store, archive });
  });
  afterEach(async () => {
    expect(world.logged).toEqual([]);
    await world.stop();
    await rm(folder, { recursive: true, force: true });
  });

  const sdk = () => world.colyseus.sdk;
  const pair = (name: string, who?: TestPlayer) => pairOn(sdk(), request(name, who?.secret));

  it('a known player sits under their name and the record keeps who sat where; a guest is nobody known', async () => {
    const ada = await addPlayer(base.db, 'Ada Lovelace');
    const setup = roomSetup({}, 3);
    const a = new Player(await sdk().create(ROOM_NAME, { setup, identity: ada.secret }));
    await a.until(() => a.inbox.record.length > 0, 'the record');
    await a.claim(0, 'Typed name');
    const id = a.room.roomId;
    const b = new Player(await sdk().joinById(id, {}));
    await b.until(() => b.inbox.record.length > 0, 'the record');
    await b.claim(1, 'Bo');
    await a.until(() => a.last('record').setup.players[1].name === 'Bo', 'both names');
    expect(
      a
        .last('record')
        .setup.players.map((p) => p.name)
        .slice(0, 2),
    ).toEqual(['Ada Lovelace', 'Bo']);
    await world.room(id).settled();
    expect((await store.load(id))!.playerIds).toEqual([ada.id, null, null]);
  });

  it('a rematch keeps who sits where: each known player is recorded in their new seat', async () => {
    const known = await Promise.all(['Ada', 'Bo', 'Cy'].map((n) => addPlayer(base.db, n)));
    const setup = roomSetup({}, 3);
    const first = new Player(await sdk().create(ROOM_NAME, { setup, identity: known[0].secret }));
    await first.until(() => first.inbox.record.length > 0, 'the record');
    const id = first.room.roomId;
    const players = [first];
    for (const p of known.slice(1)) {
      const joined = new Player(await sdk().joinById(id, { identity: p.secret }));
      await joined.until(() => joined.inbox.record.length > 0, 'the record');
      players.push(joined);
    }
    for (const [seat, p] of players.entries()) await p.claim(seat, 'anyone');
    await first.until(() => first.last('room')?.started === true, 'the start');
    for (let k = 0; k < 2; k++) {
      await first.until(() => first.game!.length === k, 'the resignation before');
      const turn = first.game!.players[first.game!.position.turn].setupIndex;
      await players[turn].until(() => players[turn].game!.length === k, 'the record');
      expect(await players[turn].act('resign')).toBeNull();
    }
    const starts: RematchStart[] = [];
    for (const p of players) p.listen(REMATCH_START, (m: RematchStart) => starts.push(m));
    for (const p of players) p.room.onMessage(REMATCH_MSG, () => {});
    for (const p of players) p.room.send(REMATCH_MSG, { accept: true });
    await first.until(() => starts.length === 3, 'the rematch');
    const next = (await store.load(starts[0].roomId))!;
    const seatOf = (p: Player) => starts[players.indexOf(p)].seat!;
    expect(next.playerIds).toEqual(
      [0, 1, 2].map((seat) => known[players.findIndex((p) => seatOf(p) === seat)].id),
    );
  });

  it('a forged or stale identity is refused at join, saying why, and nothing changes', async () => {
    const gone = await addPlayer(base.db, 'Gone');
    await base.db.query('DELETE FROM players WHERE id = $1', [gone.id]);
    const a = new Player(await sdk().create(ROOM_NAME, { setup: roomSetup({}, 3) }));
    await a.until(() => a.inbox.record.length > 0, 'the record');
    await a.claim(0, 'Ada');
    const id = a.room.roomId;
    const before = a.last('room');
    for (const identity of ['forged-secret', gone.secret])
      await expect(sdk().joinById(id, { identity })).rejects.toThrow(UNKNOWN_IDENTITY);
    await expect(sdk().joinById(id, { identity: 42 })).rejects.toThrow(/identity must be/);
    // No table opened, no seat taken, nobody more in the room.
    await expect(sdk().joinOrCreate(PUBLIC_ROOM_NAME, request('Eve', 'forged'))).rejects.toThrow(
      UNKNOWN_IDENTITY,
    );
    expect(await matchMaker.query({ name: PUBLIC_ROOM_NAME })).toEqual([]);
    expect(world.room(id).clients.length).toBe(1);
    expect(a.last('room')).toEqual(before);
  });

  it('R8.1 a public 3-player game of known players is rated once over: the winner up, the first to resign down', async () => {
    const known = await Promise.all(['Ada', 'Bo', 'Cy'].map((n) => addPlayer(base.db, n)));
    const players = [];
    for (const p of known) players.push(await pair(p.name.toLowerCase(), p));
    const [a] = players;
    await a.until(() => a.last('room')?.started === true, 'the start');
    expect(a.last('record').setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo', 'Cy']);
    const order: TestPlayer[] = [];
    for (let k = 0; k < 2; k++) {
      await a.until(() => a.game!.length === k, 'the resignation before');
      const turn = a.game!.players[a.game!.position.turn].setupIndex;
      const mover = players.find((p) => p.last('seated').seat === turn)!;
      order.push(known[players.indexOf(mover)]);
      await mover.until(() => mover.game!.length === a.game!.length, 'the record');
      expect(await mover.act('resign')).toBeNull();
    }
    await pollUntil(
      async () =>
        (await base.db.query('SELECT 1 FROM games WHERE rating_pool IS NOT NULL')).length === 1,
      'the rated game archived',
    );
    const rows = await base.db.query<{ player_id: string; rating: number; games: number }>(
      "SELECT player_id, rating, games FROM ratings WHERE pool = '3'",
    );
    const ratingOf = (p: TestPlayer) => rows.find((r) => r.player_id === p.id)!;
    const winner = known.find((p) => !order.includes(p))!;
    expect(rows.map((r) => r.games)).toEqual([1, 1, 1]);
    expect(ratingOf(winner).rating).toBeGreaterThan(ratingOf(order[0]).rating);
    expect(ratingOf(order[1]).rating).toBeGreaterThan(ratingOf(order[0]).rating);
  });

  it("the list of open tables shows each seated player's rating in the table's pool, or guest, or new", async () => {
    const [rated, fresh] = await Promise.all([
      addPlayer(base.db, 'Rated'),
      addPlayer(base.db, 'Fresh'),
    ]);
    await seedRating(base.db, rated.id, '3', 1650, 9);
    await seedRating(base.db, fresh.id, '4', 1610, 2); // another pool's rating
    await pair('rated', rated);
    await pair('guest');
    await pollUntil(
      async () => (await openTablesAt(world.server.port)).body.waiting[0]?.seated === 2,
      'two seated',
    );
    // A new known player (1500 to pair): within the band of the rated player's 1650.
    await pair('fresh', fresh);
    await pollUntil(
      async () => (await openTablesAt(world.server.port)).body.playing.length === 1,
      'the game listed as playing',
    );
    const { body } = await openTablesAt(world.server.port);
    expect(body.playing[0].players).toEqual(['Rated', 'guest', 'Fresh']);
    expect(body.playing[0].ratings).toEqual([{ rating: 1650, provisional: false }, 'guest', 'new']);
  });

  it("the server's bots are listed with their level, never a rating", async () => {
    const ada = await addPlayer(base.db, 'Ada');
    const a = await pair('ada', ada);
    world.timers.advance(PAIRING.botsAfterMs);
    a.room.send(MSG.botVote, { level: 1 });
    await a.until(() => a.last('room')?.started === true, 'the start with bots');
    await pollUntil(
      async () => (await openTablesAt(world.server.port)).body.playing.length === 1,
      'the game listed',
    );
    const [game] = (await openTablesAt(world.server.port)).body.playing;
    expect(game.ratings[a.last('seated').seat]).toBe('new');
    expect(game.ratings.filter((r) => r !== 'new')).toEqual([{ bot: 1 }, { bot: 1 }]);
    await a.room.leave(true);
  });

  it('quick pairing prefers a table within the rating band, which widens the longer the table waits', async () => {
    const [high, low, near, far, later] = await Promise.all(
      ['High', 'Low', 'Near', 'Far', 'Later'].map((n) => addPlayer(base.db, n)),
    );
    const rating = { high: 2000, low: 1200, near: 1950, far: 2600, later: 2600 };
    await seedRating(base.db, high.id, '3', rating.high, 10);
    await seedRating(base.db, low.id, '3', rating.low, 10);
    await seedRating(base.db, near.id, '3', rating.near, 10);
    await seedRating(base.db, far.id, '3', rating.far, 10);
    await seedRating(base.db, later.id, '3', rating.later, 10);
    const h = await pair('high', high);
    // 800 apart, at a table that just opened (band ±200): a table of their own.
    const l = await pair('low', low);
    expect(l.room.roomId).not.toBe(h.room.roomId);
    // 50 from High: High's table, though it is not the only one waiting.
    const n = await pair('near', near);
    expect(n.room.roomId).toBe(h.room.roomId);
    // A guest pairs as before: the oldest table of the format.
    const g = await pair('guest');
    expect(g.room.roomId).toBe(h.room.roomId);
    // 1400 from Low, whose table has just opened: a table of its own.
    const f = await pair('far', far);
    expect(f.room.roomId).not.toBe(l.room.roomId);
    // After Low's table waited long enough its band reaches 1400: the oldest table in band.
    world.timers.advance((1000 * (1400 - RATING_BAND.points)) / RATING_BAND.pointsPerSecond);
    const w = await pair('later', later);
    expect(w.room.roomId).toBe(l.room.roomId);
    await Promise.all([h, l, n, g, f, w].map((p) => p.room.leave(true)));
  });

  it('a join with an identity when the server has no archive: the identity is ignored', async () => {
    await world.stop();
    world = await startWorld({ dataDir: folder, store });
    const client = new Client(`http://127.0.0.1:${world.server.port}`);
    const p = await pairOn(client, request('Ada', 'whatever-secret'));
    expect(p.last('record').setup.players[p.last('seated').seat].name).toBe('Ada');
  });
});
