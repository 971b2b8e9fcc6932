/**
 * Game server processes for the scale-out tests (issue #15): `src/server/main.ts --rooms-only`
 * as child processes on loopback ports, sharing one Redis, each announcing its public address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Client, type Room as ClientRoom } from 'colyseus.js';
import { Redis } from 'ioredis';
import { ROOM_NAME, type RoomSetup } from '../../src/net';
import { Player } from './helpers';
import { stopChild } from '../../bench/localRedis';

export class GameNode {
  child: ChildProcess | null = null;
  output = '';

  constructor(
    readonly port: number,
    readonly redisUrl: string,
    /** The process to run (loopbackNode.ts: the per-address limits lifted). */
    readonly script: string[] = ['src/server/main.ts', '--rooms-only'],
    /** The game archive's PostgreSQL server (main.ts requires one beside Redis). */
    readonly databaseUrl = '',
    /** More of the process's environment. */
    readonly env: Record<string, string> = {},
  ) {}

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Start the process and wait until it listens. */
  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', ...this.script], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        REDIS_URL: this.redisUrl,
        DATABASE_URL: this.databaseUrl,
        PUBLIC_ADDRESS: this.address,
        NODE_ENV: 'production',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const heard = (chunk: Buffer) => (this.output += chunk.toString());
    child.stdout!.on('data', heard);
    child.stderr!.on('data', heard);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server ${this.address} did not start:\n${this.output}`)),
        30_000,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server ${this.address} exited (${code}):\n${this.output}`));
      });
      child.stdout!.on('data', () => {
        if (this.output.includes('game server: http://')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** Send `signal` and wait for the exit: its code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    this.child = null;
    await stopChild(child, signal);
    return child.exitCode;
  }

  client(): Client {
    return new Client(`ws://${this.address}`);
  }
}

/** A client's player: connected with `join`, once it has heard the record. */
export async function playerOf(join: Promise<ClientRoom>): Promise<Player> {
  const player = new Player(await join);
  await player.until(() => player.inbox.record.length > 0, 'the record');
  return player;
}

export const create = (node: GameNode, setup: RoomSetup) =>
  playerOf(node.client().create(ROOM_NAME, { setup }));

/**
 * Rejoin as the page does (src/online/onlineClient.ts): join the room by id with the seat's token,
 * else reopen it from the store; tried again for a while (the process holding it may be gone).
 */
export async function rejoin(
  node: GameNode,
  id: string,
  token: string,
  ms = 20_000,
): Promise<Player> {
  const deadline = Date.now() + ms;
  for (;;) {
    const client = node.client();
    try {
      return await playerOf(
        client.joinById(id, { token }).catch(() => client.create(ROOM_NAME, { resume: id, token })),
      );
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The room listing in Redis of room `id` (which process holds it, at which address), or null. */
export async function listing(
  redisUrl: string,
  id: string,
): Promise<{ processId: string; publicAddress: string } | null> {
  const redis = new Redis(redisUrl);
  try {
    const text = await redis.hget('roomcaches', id);
    return text ? JSON.parse(text) : null;
  } finally {
    await redis.quit();
  }
}

/** The stored game's actions in Redis (the Redis record store's key). */
export async function storedActions(redisUrl: string, id: string): Promise<string[] | null> {
  const redis = new Redis(redisUrl);
  try {
    const text = await redis.get(`ndchess:game:${id}`);
    return text ? (JSON.parse(text) as { actions: string[] }).actions : null;
  } finally {
    await redis.quit();
  }
}

/** Play `count` actions, each by the player whose turn it is (first legal action); players[i] holds seat i. */
export async function playTurns(players: Player[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const game = players[0].game!;
    const mover = players[game.players[game.position.turn].setupIndex];
    const error = await mover.act(mover.legal());
    if (error) throw new Error(`${error.code}: ${error.message}`);
    for (const p of players) await p.until(() => p.game!.length === game.length + 1, 'the action');
  }
}
