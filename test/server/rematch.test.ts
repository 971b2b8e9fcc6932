/**
 * Issue #49 items 3 and 5: a rematch online. Once the game is over the seated people ask and
 * accept; when all have (bots always do) the room stores and opens the next game — the same
 * table, a new seed, the turn order rotated — under a new room id and tells everyone, each
 * player with the new seat's token. A spectator may not ask; a decline or a leave cancels.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game, OVER, type GameSetup } from '../../src/core';
import {
  REMATCH_MSG,
  REMATCH_START,
  type RematchStart,
  type RematchStatus,
  type RoomSettings,
} from '../../src/net';
import { nextTable } from '../../src/server/rematch';
import { Player, connect, roomSetup, twoPlayerRoom, type TestWorld, eachWorld } from './helpers';

let world: TestWorld;
eachWorld((w) => (world = w));

/** A client and what it heard of the rematch. */
class Table {
  statuses: RematchStatus[] = [];
  starts: RematchStart[] = [];
  constructor(readonly player: Player) {
    player.listen(REMATCH_MSG, (m: RematchStatus) => this.statuses.push(m));
    player.listen(REMATCH_START, (m: RematchStart) => this.starts.push(m));
  }
  get status(): RematchStatus | undefined {
    return this.statuses.at(-1);
  }
  send(accept: unknown): void {
    this.player.room.send(REMATCH_MSG, { accept });
  }
  hears(test: (s: RematchStatus | undefined) => boolean, what: string): Promise<void> {
    return this.player.until(() => test(this.status), what);
  }
}

/** The names of a game's players in turn order. */
const order = (p: Player): string[] => p.game!.players.map((x) => x.name);

/** Play until the game is over: each human resigns on their turn (bots play theirs). */
async function resignAll(people: Player[]): Promise<void> {
  const [first] = people;
  while (first.game!.position.phase !== OVER) {
    const mover = first.game!.players[first.game!.position.turn].setupIndex;
    const person = people.find((p) => p.inbox.seated.at(-1)?.seat === mover);
    const length = first.game!.length;
    if (person) expect(await person.act('resign')).toBeNull();
    await first.until(() => first.game!.length > length, 'the next action');
  }
  for (const p of people) await p.until(() => p.game!.position.phase === OVER, 'the end');
}

/** Join the new room as `start` says (a player by the token): the client and its table. */
async function follow(start: RematchStart): Promise<Player> {
  return connect(world, { join: start.roomId, token: start.token ?? undefined });
}

describe('rematch (issue #49 item 3)', () => {
  it('when both players accept, the same table starts again in a new room: new seed, turn order rotated', async () => {
    const { id, a, b } = await twoPlayerRoom(world);
    const [ta, tb] = [new Table(a), new Table(b)];
    const watcher = new Table(await connect(world, { join: id }));
    const before = order(a);
    await resignAll([a, b]);

    ta.send(true);
    for (const t of [ta, tb, watcher])
      await t.hears((s) => s?.accepted.length === 1, 'the request');
    expect(tb.status).toEqual({ accepted: [0], waitingFor: [1], cancelled: null, next: null });

    tb.send(true);
    for (const t of [ta, tb, watcher])
      await t.player.until(() => t.starts.length === 1, 'the start');
    const next = ta.starts[0].roomId;
    expect(next).not.toBe(id);
    expect(watcher.starts[0]).toEqual({ roomId: next, seat: null, token: null });
    expect(tb.starts[0].roomId).toBe(next);
    expect(ta.starts[0].token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(ta.starts[0].token).not.toBe(tb.starts[0].token);
    expect(ta.status!.next).toBe(next);

    // Everyone moves there: each player takes their new seat by its token.
    const [a2, b2, w2] = await Promise.all([ta, tb, watcher].map((t) => follow(t.starts[0])));
    expect(a2.last('welcome').seat).toBe(ta.starts[0].seat);
    expect(b2.last('welcome').seat).toBe(tb.starts[0].seat);
    expect(w2.last('welcome').seat).toBeNull();
    await a2.until(() => a2.last('room')?.started === true, 'the start');
    expect(a2.last('room').seats.map((s) => [s.holder, s.connection])).toEqual([
      ['human', 'online'],
      ['human', 'online'],
    ]);
    // The same players and colours, a new seed, the turn order rotated by one.
    expect(a2.game!.length).toBe(0);
    expect(a2.game!.setup.seed).not.toBe(a.game!.setup.seed);
    expect(order(a2)).toEqual([...before.slice(1), before[0]]);
    const colours = (p: Player) =>
      Object.fromEntries(p.game!.players.map((x) => [x.name, x.colour]));
    expect(colours(a2)).toEqual(colours(a));
    expect(a2.game!.setup.options).toEqual(a.game!.setup.options);
    // The new game is played: its first mover's move is taken.
    const mover = a2.game!.players[0].name === 'Ada' ? a2 : b2;
    expect(await mover.act(mover.legal())).toBeNull();
    // The finished game's record is kept as it was; the new one is stored apart.
    await world.room(next).settled();
    const stored = JSON.parse(
      await readFile(path.join(world.dataDir, 'games', `${id}.json`), 'utf8'),
    ) as { over: boolean; setup: { seed: string } };
    expect(stored).toMatchObject({ over: true, setup: { seed: a.game!.setup.seed } });
    // Asking again in the old room is refused: the rematch has begun.
    expect((await a.errorAfter(() => ta.send(true))).code).toBe('rematch');
  });

  it('bots always accept; the people still seated decide (three players, one a bot)', async () => {
    const setup = roomSetup({}, 3);
    setup.seats[1] = { kind: 'bot', level: 1 };
    const first = await connect(world, { create: setup });
    const id = first.room.roomId;
    await first.claim(0, 'Ada');
    const cy = await connect(world, { join: id });
    await cy.claim(2, 'Cy');
    for (const p of [first, cy]) await p.until(() => p.last('room')?.started === true, 'the start');
    const [ta, tc] = [new Table(first), new Table(cy)];
    const before = order(first);
    await resignAll([first, cy]);
    ta.send(true);
    await tc.hears((s) => s?.waitingFor.join() === '2', 'the request');
    tc.send(true);
    for (const t of [ta, tc]) await t.player.until(() => t.starts.length === 1, 'the start');
    const [a2, c2] = await Promise.all([ta, tc].map((t) => follow(t.starts[0])));
    await a2.until(() => a2.last('room')?.started === true, 'the start');
    expect(order(a2)).toEqual([...before.slice(1), before[0]]);
    const botSeat = a2.game!.setup.players.findIndex((p) => p.name === 'Seat 2');
    expect(a2.last('room').seats[botSeat]).toMatchObject({ holder: 'bot', level: 1 });
    expect(a2.last('welcome').seat).toBe(ta.starts[0].seat);
    expect(c2.last('welcome').seat).toBe(tc.starts[0].seat);
    expect(a2.game!.setup.players[ta.starts[0].seat!].name).toBe('Ada');
    expect(a2.game!.setup.players[tc.starts[0].seat!].name).toBe('Cy');
  });

  it('a decline cancels the request; asked again, everyone must accept again', async () => {
    const { a, b } = await twoPlayerRoom(world);
    const [ta, tb] = [new Table(a), new Table(b)];
    await resignAll([a, b]);
    ta.send(true);
    await tb.hears((s) => s?.accepted.length === 1, 'the request');
    tb.send(false);
    for (const t of [ta, tb]) await t.hears((s) => s?.cancelled !== null, 'the decline');
    expect(ta.status).toEqual({
      accepted: [],
      waitingFor: [0, 1],
      cancelled: { seat: 1, by: 'declined' },
      next: null,
    });
    // Declining what nobody asks is refused; asking again starts afresh.
    expect((await b.errorAfter(() => tb.send(false))).code).toBe('rematch');
    tb.send(true);
    await ta.hears((s) => s?.accepted.join() === '1', 'the new request');
    expect(ta.status!.waitingFor).toEqual([0]);
    expect(ta.starts).toEqual([]);
  });

  it('a seated player leaving cancels the request', async () => {
    const { a, b } = await twoPlayerRoom(world);
    const ta = new Table(a);
    await resignAll([a, b]);
    ta.send(true);
    await ta.hears((s) => s?.accepted.length === 1, 'the request');
    await b.room.leave(true);
    await ta.hears((s) => s?.cancelled !== null, 'the cancel');
    expect(ta.status).toMatchObject({ accepted: [], cancelled: { seat: 1, by: 'left' } });
    expect(ta.starts).toEqual([]);
  });
});

describe('the next table (nextTable)', () => {
  const colours = ['#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#e53935'];
  const table = (options: GameSetup['options'] = {}) => {
    const setup: GameSetup = {
      players: colours.map((colour, i) => ({ name: `P${i}`, colour })),
      seed: 'first',
      options,
    };
    const game = Game.create(setup);
    if (!game.ok) throw new Error(game.error.message);
    const settings: RoomSettings = {
      seats: colours.map((_, i) => (i === 3 ? { kind: 'bot', level: 2 } : { kind: 'open' })),
      placement: 'hand',
      timeControl: null,
      graceMs: 30_000,
      afterGrace: { kind: 'eliminate' },
    };
    const holders = settings.seats.map((s) =>
      s.kind === 'bot' ? { kind: 'bot' as const, level: s.level } : { kind: 'human' as const },
    );
    return { game: game.value, setup, settings, holders };
  };
  const names = (setup: GameSetup) => {
    const game = Game.create(setup);
    if (!game.ok) throw new Error(game.error.message);
    return game.value.players.map((p) => p.name);
  };

  it('R1.2: five players, any new seed: the turn order moves on by one, seats follow their players', () => {
    const t = table();
    const before = names(t.setup);
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const next = nextTable(t, seed);
      expect(next.setup.seed).toBe(seed);
      expect(names(next.setup)).toEqual([...before.slice(1), before[0]]);
      for (const [old, seat] of next.seatOf.entries()) {
        expect(next.setup.players[seat]).toEqual(t.setup.players[old]);
        expect(next.settings.seats[seat]).toEqual(t.settings.seats[old]);
      }
    }
  });

  it('R9.5: under Shade Order the colours keep deciding the turn order; only the seed is new', () => {
    const t = table({ shade: true });
    const next = nextTable(t, 'other');
    expect(next.seatOf).toEqual([0, 1, 2, 3, 4]);
    expect(next.setup).toEqual({ ...t.setup, seed: 'other' });
  });
});

describe('hostile rematch messages (issue #49 item 5)', () => {
  it("a spectator's request, one before the end and malformed ones are refused to the sender only", async () => {
    const { id, a, b } = await twoPlayerRoom(world);
    const [ta, tb] = [new Table(a), new Table(b)];
    const watcher = new Table(await connect(world, { join: id }));
    expect((await a.errorAfter(() => ta.send(true))).code).toBe('rematch'); // still in play
    await resignAll([a, b]);
    const refused = await watcher.player.errorAfter(() => watcher.send(true));
    expect(refused).toEqual({
      code: 'spectator',
      message: 'you are watching: only the players may ask for a rematch',
    });
    for (const payload of [{ accept: 'yes' }, 'rematch', null, { accept: 'x'.repeat(5000) }])
      expect((await a.errorAfter(() => a.room.send(REMATCH_MSG, payload))).code).toMatch(
        /^(malformed|too-large)$/,
      );
    // Nobody else heard of any of it: no request stands.
    for (const t of [ta, tb, watcher]) expect(t.statuses).toEqual([]);
    expect(b.inbox.error).toEqual([]);
  });
});
