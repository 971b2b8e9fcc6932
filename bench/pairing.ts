/**
 * The quick pairing lines of `npm run bench` (issue 49 item 6), against game servers in child
 * processes on loopback (bench/onlineNode.ts): one process with its file store, and two
 * processes sharing Redis (clients alternate between them). Each figure beside its reference in
 * the same run, the plain create-and-join path of an invite link (one creates a room and takes
 * seat 1, the others join it by id and claim the next seats):
 *
 *   pairing-wait        3 clients arriving 1 s apart at a table ("Play online now" each, or
 *                       create / join by id): time from the request to seated, and to the game's
 *                       first move, p50/p95 over BENCH_PAIRING_TABLES tables (5), by arrival.
 *   pairing-throughput  players a second seated into 3-player tables, PLAYERS players with
 *                       IN_FLIGHT requests at once.
 */
import net from 'node:net';
import { Client, type Room } from 'colyseus.js';
import { Game } from '../src/core';
import {
  MSG,
  PUBLIC_ROOM_NAME,
  ROOM_NAME,
  type PairRequest,
  type RecordMessage,
  type SeatedMessage,
} from '../src/net';
import { withNodes, type Shape } from './onlineScale';
import { BENCH_SETUP } from './onlineSetup';

const TABLES = Number(process.env.BENCH_PAIRING_TABLES ?? 5);
const ARRIVAL_MS = 1000;
const PLAYERS = 240;
const IN_FLIGHT = 24;

type Emit = (line: Record<string, unknown>) => void;

const SHAPES: Shape[] = [
  { processes: 1, redis: false },
  { processes: 2, redis: true },
];

const REQUEST: Omit<PairRequest, 'name'> = { size: 3, clock: 'none', rules: 'standard' };

/** A client's seat in a room: when it was seated, and when the game's first move was heard. */
interface Arrival {
  room: Room;
  seated: Promise<number>;
  firstMove: Promise<number>;
}

/**
 * Follow `room` from `start` (performance.now()): seated, then the first move, which this client
 * plays when it is the first to move.
 */
function follow(room: Room, start: number): Arrival {
  let seat = -1;
  let game: Game | null = null;
  let seatedAt: (ms: number) => void = () => {};
  let movedAt: (ms: number) => void = () => {};
  const seated = new Promise<number>((resolve) => (seatedAt = resolve));
  const firstMove = new Promise<number>((resolve) => (movedAt = resolve));
  room.onMessage(MSG.seated, (m: SeatedMessage) => {
    seat = m.seat;
    seatedAt(performance.now() - start);
  });
  room.onMessage(MSG.record, (r: RecordMessage) => {
    const created = Game.create(r.setup);
    game = created.ok ? created.value : null;
  });
  let sent = false;
  room.onMessage(MSG.room, (s: { started: boolean }) => {
    const g = game;
    if (!s.started || !g || sent || seat < 0) return;
    sent = g.players[g.position.turn].setupIndex === seat;
    if (sent) room.send(MSG.act, { action: g.actionText(g.legalActions()[0]), ply: 0 });
  });
  room.onMessage(MSG.actions, () => movedAt(performance.now() - start));
  room.onMessage(MSG.welcome, () => {});
  room.onMessage(MSG.error, (e: { message: string }) => {
    throw new Error(`bench client: ${e.message}`);
  });
  return { room, seated, firstMove };
}

/**
 * Resolves once `port` accepts connections: a second process on Redis said it was ready up to
 * 2 s before its port took any (seen on this machine), and the figures would count that.
 */
async function accepting(port: number): Promise<void> {
  const connects = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true));
      socket.on('error', () => resolve(false));
      socket.on('connect', () => socket.end());
    });
  while (!(await connects())) await pause(20);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One arrival by "Play online now" through `client`. */
async function pairArrival(client: Client, name: string): Promise<Arrival> {
  const start = performance.now();
  return follow(await client.joinOrCreate(PUBLIC_ROOM_NAME, { ...REQUEST, name }), start);
}

/** Three arrivals at one table, the path given by `arrive(k, previous)`. */
async function table(
  arrive: (k: number, first: Arrival | null) => Promise<Arrival>,
): Promise<{ seated: number[]; firstMove: number[] }> {
  const arrivals: Arrival[] = [];
  const begun: Promise<Arrival>[] = [];
  for (let k = 0; k < 3; k++) {
    if (k) await pause(ARRIVAL_MS);
    const first = k ? await begun[0] : null;
    begun.push(arrive(k, first));
  }
  arrivals.push(...(await Promise.all(begun)));
  const seated = await Promise.all(arrivals.map((a) => a.seated));
  const firstMove = await Promise.all(arrivals.map((a) => a.firstMove));
  await Promise.all(arrivals.map((a) => a.room.leave(true)));
  return { seated, firstMove };
}

/** The create-and-join path: the first creates and claims seat 0, the others join by id. */
async function inviteArrival(client: Client, k: number, first: Arrival | null): Promise<Arrival> {
  const start = performance.now();
  const room = k
    ? await client.joinById(first!.room.roomId)
    : await client.create(ROOM_NAME, { setup: BENCH_SETUP });
  const arrival = follow(room, start);
  room.send(MSG.claim, { seat: k, name: `P${k + 1}` });
  return arrival;
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (x: number) => Math.round(x);

/** p50/p95 of each arrival's times over the tables. */
function byArrival(tables: { seated: number[]; firstMove: number[] }[]) {
  return [0, 1, 2].map((k) => ({
    arrival_s: k,
    seated_ms: [0.5, 0.95].map((q) =>
      ms(
        quantile(
          tables.map((t) => t.seated[k]),
          q,
        ),
      ),
    ),
    first_move_ms: [0.5, 0.95].map((q) =>
      ms(
        quantile(
          tables.map((t) => t.firstMove[k]),
          q,
        ),
      ),
    ),
  }));
}

async function benchWait(clients: Client[], emit: Emit, shape: Shape): Promise<void> {
  const via = (k: number) => clients[k % clients.length];
  const paired = [];
  const invited = [];
  // One table of each path first, not counted: the processes load and compile on first use.
  await table((k) => pairArrival(via(k), `P${k + 1}`));
  await table((k, first) => inviteArrival(via(k), k, first));
  for (let t = 0; t < TABLES; t++) {
    paired.push(await table((k) => pairArrival(via(k), `P${k + 1}`)));
    invited.push(await table((k, first) => inviteArrival(via(k), k, first)));
  }
  emit({
    bench: 'pairing-wait',
    processes: shape.processes,
    store: shape.redis ? 'redis' : 'file',
    tables: TABLES,
    'p50,p95': 'per arrival (0, 1, 2 s)',
    play_now: byArrival(paired),
    create_and_join: byArrival(invited),
  });
}

/** Tries of a request whose connection failed (as a page tries again), before the bench fails. */
const TRIES = 3;

/**
 * Seat PLAYERS players, `size` at a time by `seat(i)` (i: the first player's number), IN_FLIGHT
 * players at once: players a second, and the requests tried again after a failed connection.
 */
async function throughput(
  size: number,
  seat: (i: number) => Promise<Room[]>,
): Promise<{ perSecond: number; retried: number }> {
  const rooms: Room[] = [];
  let next = 0;
  let retried = 0;
  const start = performance.now();
  const attempt = async (i: number, tries: number): Promise<Room[]> =>
    seat(i).catch((e: Error) => {
      if (tries <= 1) throw e;
      retried++;
      return attempt(i, tries - 1);
    });
  const lane = async () => {
    while (next < PLAYERS) {
      const i = next;
      next += size;
      rooms.push(...(await attempt(i, TRIES)));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT / size }, lane));
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(rooms.map((r) => r.leave(true)));
  return { perSecond: Math.round(rooms.length / seconds), retried };
}

/** A room's client once it heard its seat. */
async function seatedIn(join: Promise<Room>, claim: number | null): Promise<Room> {
  const room = await join;
  const seated = new Promise<void>((resolve) => room.onMessage(MSG.seated, () => resolve()));
  for (const type of [MSG.welcome, MSG.record, MSG.room, MSG.actions, MSG.error])
    room.onMessage(type, () => {});
  if (claim !== null) room.send(MSG.claim, { seat: claim, name: `P${claim + 1}` });
  await seated;
  return room;
}

async function benchThroughput(clients: Client[], emit: Emit, shape: Shape): Promise<void> {
  const via = (i: number) => clients[i % clients.length];
  const playNow = await throughput(1, async (i) => [
    await seatedIn(via(i).joinOrCreate(PUBLIC_ROOM_NAME, { ...REQUEST, name: `P${i}` }), null),
  ]);
  // The reference seats three players an iteration: a creator and two joiners by id.
  const invite = await throughput(3, async (i) => {
    const first = await seatedIn(via(i).create(ROOM_NAME, { setup: BENCH_SETUP }), 0);
    const others = await Promise.all(
      [1, 2].map((seat) => seatedIn(via(i + seat).joinById(first.roomId), seat)),
    );
    return [first, ...others];
  });
  emit({
    bench: 'pairing-throughput',
    processes: shape.processes,
    store: shape.redis ? 'redis' : 'file',
    players: PLAYERS,
    in_flight: IN_FLIGHT,
    play_now_players_per_s: playNow.perSecond,
    create_and_join_players_per_s: invite.perSecond,
    requests_tried_again: { play_now: playNow.retried, create_and_join: invite.retried },
  });
}

async function benchShape(shape: Shape, emit: Emit): Promise<void> {
  await withNodes(shape, async (nodes) => {
    await Promise.all(nodes.map((n) => accepting(n.port)));
    const clients = nodes.map((n) => new Client(`ws://127.0.0.1:${n.port}`));
    await benchWait(clients, emit, shape);
    await benchThroughput(clients, emit, shape);
  });
}

export async function benchPairing(emit: Emit): Promise<void> {
  for (const shape of SHAPES) await benchShape(shape, emit);
}
