/**
 * A stand-in game server for the online browser test, until src/server exists: the built app
 * and a Colyseus 0.16 room speaking the protocol of src/net on one loopback
 * port. The room keeps the record, validates each action with the core for the seat that sent
 * it, broadcasts what it accepts with the position's hash and the clocks, and holds a seat
 * through a reconnection (by token). Bot seats do not play here (the test seats people only).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { Room, Server, type Client } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Game, clocksAfter, startClocks, type Clocks } from '../../src/core';
import {
  MSG,
  ROOM_NAME,
  positionHash,
  type ActMessage,
  type ClaimMessage,
  type FillMessage,
  type RoomSetup,
  type RoomStatus,
  type SeatStatus,
} from '../../src/net';

interface Seat {
  name: string;
  holder: SeatStatus['holder'];
  level: SeatStatus['level'];
  connection: SeatStatus['connection'];
  token?: string;
  session?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

const token = () => randomBytes(16).toString('hex');

class GameRoom extends Room {
  private setup!: RoomSetup;
  private game!: Game;
  private seats: Seat[] = [];
  private hostToken = token();
  private started = false;
  private clocks: Clocks | null = null;

  override onCreate(opts: { setup: RoomSetup }) {
    this.setup = opts.setup;
    this.seats = opts.setup.seats.map((s, i) => ({
      name: opts.setup.players[i].name,
      holder: s.kind === 'bot' ? 'bot' : 'open',
      level: s.kind === 'bot' ? s.level : null,
      connection: null,
    }));
    this.remake();
    this.onMessage(MSG.claim, (client, m: ClaimMessage) => {
      const seat = this.seats[m.seat];
      if (!seat || seat.holder !== 'open') return this.error(client, 'That seat is taken.');
      if (this.seatOf(client) !== null) return this.error(client, 'You already have a seat.');
      Object.assign(seat, {
        holder: 'human',
        name: String(m.name).slice(0, 24),
        token: token(),
        session: client.sessionId,
        connection: 'online',
      });
      client.send(MSG.seated, { seat: m.seat, token: seat.token });
      this.remake();
      this.changed(true);
    });
    this.onMessage(MSG.fill, (client, m: FillMessage) => {
      if (m.hostToken !== this.hostToken)
        return this.error(client, 'Only the creator fills seats.');
      for (const s of this.seats)
        if (s.holder === 'open') Object.assign(s, { holder: 'bot', level: m.level });
      this.changed(true);
    });
    this.onMessage(MSG.resync, (client) => client.send(MSG.record, this.record()));
    this.onMessage(MSG.act, (client, m: ActMessage) => {
      const seat = this.seatOf(client);
      const mover = this.game.players[this.game.position.turn]?.setupIndex;
      if (!this.started) return this.error(client, 'The game has not started.');
      if (seat === null || seat !== mover) return this.error(client, 'It is not your turn.');
      if (m.ply !== this.game.length)
        return this.error(client, 'That move is for an older position.');
      const next = this.game.play(String(m.action));
      if (!next.ok) return this.error(client, next.error.message);
      const from = this.game.length;
      this.game = next.value.withoutPlans();
      if (this.clocks) this.clocks = clocksAfter(this.clocks, this.game, Date.now());
      this.broadcast(MSG.actions, { from, actions: [m.action], hash: positionHash(this.game) });
      this.broadcast(MSG.room, this.status());
    });
  }

  override onJoin(client: Client, opts: { token?: string }) {
    const held = opts.token ? this.seats.findIndex((s) => s.token === opts.token) : -1;
    if (held >= 0)
      Object.assign(this.seats[held], { session: client.sessionId, connection: 'online' });
    const creator = this.clients.length === 1 && held < 0;
    client.send(MSG.welcome, {
      roomId: this.roomId,
      seat: held >= 0 ? held : null,
      ...(creator ? { hostToken: this.hostToken } : {}),
    });
    client.send(MSG.record, this.record());
    this.changed(false);
  }

  override async onLeave(client: Client, consented: boolean) {
    const i = this.seatOf(client);
    if (i === null) return;
    const seat = this.seats[i];
    seat.connection = 'reconnecting';
    this.changed(false);
    if (consented) return;
    try {
      await this.allowReconnection(client, this.setup.graceMs / 1000);
      if (seat.session === client.sessionId) seat.connection = 'online';
    } catch {
      if (seat.session === client.sessionId) seat.connection = 'away';
    }
    this.changed(false);
  }

  /** The game again from the setup with the claimants' names (before the start: no actions). */
  private remake() {
    const created = Game.create({
      players: this.setup.players.map((p, i) => ({ name: this.seats[i].name, colour: p.colour })),
      seed: 'stand-in',
      options: this.setup.options,
    });
    if (!created.ok) throw new Error(created.error.message);
    this.game = created.value;
  }

  /** Seats changed: start when every one is filled, tell everyone (the record too when `record`). */
  private changed(record: boolean) {
    if (!this.started && this.seats.every((s) => s.holder !== 'open')) {
      this.started = true;
      const tc = this.setup.timeControl;
      if (tc) this.clocks = startClocks(tc, this.game, Date.now());
    }
    if (record) this.broadcast(MSG.record, this.record());
    this.broadcast(MSG.room, this.status());
  }

  private status(): RoomStatus {
    return {
      started: this.started,
      seats: this.seats.map((s, i) => ({
        seat: i,
        label: this.game.players.find((p) => p.setupIndex === i)!.label,
        holder: s.holder,
        level: s.level,
        connection: s.holder === 'human' ? s.connection : null,
        graceEndsAt: null,
      })),
      clocks: this.clocks && {
        control: this.clocks.control,
        remainingMs: [...this.clocks.remainingMs],
        running: this.clocks.running,
        since: this.clocks.since,
      },
      serverTime: Date.now(),
    };
  }

  private record() {
    return {
      setup: this.game.setup,
      settings: { ...this.setup },
      actions: [...this.game.actions],
      hash: positionHash(this.game),
    };
  }

  private seatOf(client: Client): number | null {
    const i = this.seats.findIndex((s) => s.session === client.sessionId);
    return i < 0 ? null : i;
  }

  private error(client: Client, message: string) {
    client.send(MSG.error, { code: 'illegal', message });
  }
}

/** Serve `dist` and the room on a free loopback port. */
export async function startOnlineServer(
  dist: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const http = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dist, path.endsWith('/') ? 'index.html' : path);
    if (!file.startsWith(dist)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  const server = new Server({ transport: new WebSocketTransport({ server: http }), greet: false });
  server.define(ROOM_NAME, GameRoom);
  await server.listen(0, '127.0.0.1');
  const port = (http.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.gracefullyShutdown(false) };
}
