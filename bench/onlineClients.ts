/**
 * The scripted clients of the online bench (bench/online.ts), in a worker thread so that the
 * server's heap (the main thread's) holds only the rooms. Each room: three players who claim a
 * seat each and play the first legal action whenever it is their turn, timing each action from
 * sending it to hearing it accepted. With several server ports (processes sharing Redis), room r
 * is created through port r and joined through the next one, as players reach any process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Client, type Room } from 'colyseus.js';
import { Game } from '../src/core';
import { MSG, ROOM_NAME, type ActionsMessage, type RecordMessage } from '../src/net';
import { BENCH_SETUP } from './onlineSetup';

interface Job {
  ports: number[];
  rooms: number;
  actionsPerRoom: number;
  deadlineMs: number;
}

const job = workerData as Job;
const clients = job.ports.map((port) => new Client(`ws://127.0.0.1:${port}`));
let roomsBegun = 0;
const rtts: number[] = [];

/** One seated player: follows the record, plays on its turn until the room has enough actions. */
function play(room: Room, seat: number, done: () => void): void {
  let game: Game | null = null;
  let sentAt = 0;
  const move = () => {
    if (!game || game.length >= job.actionsPerRoom || game.status().phase === 'over') return done();
    if (game.players[game.position.turn].setupIndex !== seat) return;
    sentAt = performance.now();
    room.send(MSG.act, { action: game.actionText(game.legalActions()[0]), ply: game.length });
  };
  room.onMessage(MSG.record, (r: RecordMessage) => {
    let g = Game.create(r.setup);
    for (const text of r.actions) if (g.ok) g = g.value.play(text);
    game = g.ok ? g.value : null;
  });
  room.onMessage(MSG.actions, (m: ActionsMessage) => {
    let g: Game | null = game;
    if (!g || m.from !== g.length) return;
    const mine = g.players[g.position.turn].setupIndex === seat;
    for (const text of m.actions) {
      const next: ReturnType<Game['play']> = g.play(text);
      if (next.ok) g = next.value;
    }
    game = g;
    if (mine && sentAt) rtts.push(performance.now() - sentAt);
    sentAt = 0;
    move();
  });
  room.onMessage(MSG.room, (s: { started: boolean }) => {
    if (s.started && !sentAt) move();
  });
  room.onMessage(MSG.welcome, () => {});
  room.onMessage(MSG.seated, () => {});
  room.onMessage(MSG.error, (e: { message: string }) => {
    throw new Error(`bench client: ${e.message}`);
  });
}

async function runRoom(): Promise<void> {
  let finished = 0;
  let allDone = () => {};
  const over = new Promise<void>((resolve) => (allDone = resolve));
  const seated = (room: Room, seat: number) => {
    let once = false;
    play(room, seat, () => {
      if (!once && ++finished === 3) allDone();
      once = true;
    });
    room.send(MSG.claim, { seat, name: `P${seat + 1}` });
    held.push(room);
  };
  const r = roomsBegun++;
  const [creator, joiner] = [clients[r % clients.length], clients[(r + 1) % clients.length]];
  const first = await creator.create(ROOM_NAME, { setup: BENCH_SETUP });
  seated(first, 0);
  for (const seat of [1, 2]) seated(await joiner.joinById(first.roomId), seat);
  await over;
}

const held: Room[] = [];
const deadline = new Promise<void>((_, reject) =>
  setTimeout(() => reject(new Error('online bench: out of time')), job.deadlineMs).unref(),
);
await Promise.race([Promise.all(Array.from({ length: job.rooms }, runRoom)), deadline]);
parentPort!.postMessage({ played: true, rtts });
parentPort!.once('message', async () => {
  await Promise.all(held.map((r) => r.leave(true)));
  parentPort!.postMessage({ closed: true });
});
