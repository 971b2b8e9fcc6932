/**
 * A stand-in game server for the online browser test, until src/server exists: the built app
 * and a Colyseus 0.16 room speaking the client's messages (src/store/wire.ts) on one loopback
 * port. The room keeps the record, validates each action with the core for the seat that sent
 * it, broadcasts what it accepts with the position's hash and the clocks, holds a seat through
 * a reconnection (by token), and tells a tab whose seat another tab took. Bot seats do not play
 * here (the test seats people only).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { Room, Server, type Client } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Game, type GameSetup } from '../../src/core';
import * as wire from '../../src/store/wire';

interface Seat extends wire.SeatData {
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

class GameRoom extends Room {
  private game!: Game;
  private seats: Seat[] = [];
  private settings!: wire.Welcome['settings'];
  private started = false;
  private clocks: { left: number[]; running: number | null; since: number } | null = null;
  private creatorSeat: number | null = null;

  override onCreate(opts: {
    setup: GameSetup;
    seats: wire.SeatRequest[];
    settings: wire.Welcome['settings'];
    seat: number;
  }) {
    const created = Game.create(opts.setup);
    if (!created.ok) throw new Error(created.error.message);
    this.game = created.value;
    this.settings = opts.settings;
    this.creatorSeat = opts.seat;
    this.seats = opts.setup.players.map((p, i) => {
      const r = opts.seats[i];
      return r?.kind === 'bot'
        ? { name: p.name, colour: p.colour, kind: 'bot', level: r.level }
        : { name: p.name, colour: p.colour, kind: 'open' };
    });
    this.onMessage(wire.CLAIM, (client, m: { seat: number; name: string }) => {
      const seat = this.seats[m.seat];
      if (!seat || seat.kind !== 'open') return this.error(client, 'That seat is taken.');
      if (this.seatOf(client) !== null) return this.error(client, 'You already have a seat.');
      this.take(client, m.seat, String(m.name).slice(0, wire.MAX_NAME));
    });
    this.onMessage(wire.FILL_BOT, (client, m: { seat: number; level: number }) => {
      if (this.seatOf(client) !== this.creatorSeat)
        return this.error(client, 'Only the creator fills seats.');
      const seat = this.seats[m.seat];
      if (seat?.kind !== 'open') return this.error(client, 'That seat is taken.');
      Object.assign(seat, { kind: 'bot', level: m.level });
      this.changed();
    });
    this.onMessage(wire.ASK_RECORD, (client) =>
      client.send(wire.RECORD, { record: this.record(), seats: this.public() }),
    );
    this.onMessage(wire.ACTION, (client, m: { ply: number; text: string }) => {
      const seat = this.seatOf(client);
      const mover = this.game.players[this.game.position.turn]?.setupIndex;
      if (!this.started) return this.error(client, 'The game has not started.');
      if (seat === null || seat !== mover) return this.error(client, 'It is not your turn.');
      if (m.ply !== this.game.length)
        return this.error(client, 'That move is for an older position.');
      const next = this.game.play(String(m.text));
      if (!next.ok) return this.error(client, next.error.message);
      const ply = this.game.length;
      this.tick(next.value);
      this.game = next.value.withoutPlans();
      this.broadcast(wire.ACCEPTED, {
        ply,
        text: m.text,
        hash: wire.hashOf(this.game),
        clock: this.clockMessage(),
      });
    });
  }

  override onJoin(client: Client, opts: { token?: string; seat?: number; name?: string }) {
    const held = opts.token ? this.seats.findIndex((s) => s.token === opts.token) : -1;
    if (held >= 0) {
      const seat = this.seats[held];
      const before = this.clients.find((c) => c.sessionId === seat.session);
      if (before && before !== client) before.send(wire.TAKEN_OVER, {});
      seat.session = client.sessionId;
      seat.presence = 'connected';
      this.welcome(client);
      this.changed();
      return;
    }
    if (this.clients.length === 1 && this.creatorSeat !== null && opts.seat === this.creatorSeat) {
      this.welcome(client, true);
      this.take(client, opts.seat, String(opts.name ?? '').slice(0, wire.MAX_NAME));
      return;
    }
    this.welcome(client);
  }

  override async onLeave(client: Client, consented: boolean) {
    const i = this.seatOf(client);
    if (i === null) return;
    const seat = this.seats[i];
    seat.presence = 'reconnecting';
    this.changed();
    if (consented) return;
    try {
      await this.allowReconnection(client, this.settings.graceSeconds);
      if (seat.session === client.sessionId) seat.presence = 'connected';
    } catch {
      if (seat.session === client.sessionId) seat.presence = 'away';
    }
    this.changed();
  }

  private take(client: Client, i: number, name: string) {
    const seat = this.seats[i];
    Object.assign(seat, {
      kind: 'human',
      name: name || seat.name,
      token: randomBytes(16).toString('hex'),
      session: client.sessionId,
      presence: 'connected',
    });
    client.send(wire.SEATS, {
      seats: this.public(),
      started: this.started,
      seat: i,
      token: seat.token,
    });
    this.changed();
  }

  private changed() {
    if (!this.started && this.seats.every((s) => s.kind !== 'open')) {
      this.started = true;
      const tc = this.settings.timeControl;
      if (tc)
        this.clocks = {
          left: this.seats.map(() => tc.baseMinutes * 60_000),
          running: this.game.players[this.game.position.turn].setupIndex,
          since: Date.now(),
        };
    }
    for (const c of this.clients)
      c.send(wire.SEATS, {
        seats: this.public(),
        started: this.started,
        record: this.started ? this.record() : undefined,
      });
    if (this.clocks) this.broadcast(wire.CLOCK, this.clockMessage());
  }

  /** The clocks after `next` was played: the mover's time used, the increment, the next runs. */
  private tick(next: Game) {
    const c = this.clocks;
    const tc = this.settings.timeControl;
    if (!c || !tc || c.running === null) return;
    const now = Date.now();
    c.left[c.running] =
      Math.max(0, c.left[c.running] - (now - c.since)) + tc.incrementSeconds * 1000;
    c.running = next.players[next.position.turn]?.setupIndex ?? null;
    c.since = now;
  }

  private clockMessage(): wire.ClockMessage | null {
    const c = this.clocks;
    if (!c) return null;
    const now = Date.now();
    return {
      left: c.left.map((ms, i) => (i === c.running ? Math.max(0, ms - (now - c.since)) : ms)),
      running: c.running,
    };
  }

  private welcome(client: Client, creator = false) {
    const seat = this.seatOf(client);
    client.send(wire.WELCOME, {
      seat,
      token: seat === null ? undefined : this.seats[seat].token,
      creator,
      seats: this.public(),
      settings: this.settings,
      started: this.started,
      record: this.record(),
      clock: this.clockMessage(),
    } satisfies wire.Welcome);
  }

  private record(): wire.RecordData {
    return { setup: this.game.setup, actions: [...this.game.actions] };
  }

  private public(): wire.SeatData[] {
    return this.seats.map((s) => ({
      name: s.name,
      colour: s.colour,
      kind: s.kind,
      level: s.level,
      presence: s.presence,
      botTaken: s.botTaken,
    }));
  }

  private seatOf(client: Client): number | null {
    const i = this.seats.findIndex((s) => s.session === client.sessionId);
    return i < 0 ? null : i;
  }

  private error(client: Client, message: string) {
    client.send(wire.ERROR, { message });
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
  server.define(wire.ROOM_NAME, GameRoom);
  await server.listen(0, '127.0.0.1');
  const port = (http.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.gracefullyShutdown(false) };
}
