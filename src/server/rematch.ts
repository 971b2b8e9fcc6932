/**
 * A room's rematch (issue #49 item 3): once its game is over, the people still seated ask and
 * accept; when all have (bots always do), the room stores the next game — the same table with a
 * new seed and the turn order rotated — opens it under a new room id, and tells everyone where
 * it is, each player with the new seat's token. A decline or a seated person's leaving cancels
 * the request. Watchers may not ask (the error goes to them alone).
 */
import {
  OVER,
  normalizeSetup,
  turnOrder,
  type Game,
  type GameSetup,
  type SavedSeat,
} from '../core';
import {
  REMATCH_MSG,
  REMATCH_START,
  readRematch,
  type ErrorMessage,
  type RematchStart,
  type RematchStatus,
  type RoomSettings,
} from '../net';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from './store';
import { hashToken, randomToken } from './tokens';

/** A connection as the rematch sees it. */
export interface RematchMember {
  client: { send(type: string, message: unknown): void };
  seat: number | null;
}

/** The finished table: its game (turn order), setup (names as claimed), settings and holders. */
export interface Table {
  game: Game;
  setup: GameSetup;
  settings: RoomSettings;
  /** Who holds each seat now (setup order). */
  holders: SavedSeat[];
  /** The known player of each seat (setup order), or null (StoredGame.playerIds). */
  playerIds?: readonly (string | null)[];
}

export interface RematchRoom {
  table(): Table;
  members(): Iterable<RematchMember>;
  now(): number;
  /** Store the next game's record. */
  save(stored: StoredGame): Promise<void>;
  /** Open the stored game `id`'s room (as after a restart: its seats wait for their players). */
  open(id: string): Promise<void>;
  log(message: string): void;
}

/**
 * The next game of `table`: the same players (names, colours), options and room settings, a
 * new seed, and the turn order rotated by one (the second player first, the first last). Each
 * player's seat may move in setup order (the seed draws the turn order over seats, R1.2):
 * `seatOf[old]` is the new seat. Bot seats stay bots (a bot that took a seat over keeps it).
 * Under Shade Order the colours decide the turn order (R9.5): only the seed is new.
 */
export function nextTable(
  table: Table,
  seed: string,
): { setup: GameSetup; settings: RoomSettings; seatOf: number[] } {
  const { game, setup, settings, holders } = table;
  const n = setup.players.length;
  const seatOf = setup.players.map((_, i) => i);
  const normal = normalizeSetup({ ...setup, seed });
  if (normal.ok && !normal.value.options.shade) {
    const drawn = turnOrder(normal.value); // new seats in turn order
    game.players.forEach((p, k) => (seatOf[p.setupIndex] = drawn[(k - 1 + n) % n]));
  }
  const players = [...setup.players];
  const seats = [...settings.seats];
  setup.players.forEach((player, i) => {
    const holder = holders[i];
    players[seatOf[i]] = player;
    seats[seatOf[i]] =
      holder.kind === 'bot' ? { kind: 'bot', level: holder.level } : { kind: 'open' };
  });
  return { setup: { ...setup, players, seed }, settings: { ...settings, seats }, seatOf };
}

export class RoomRematch {
  /** The seats that asked or accepted, in order. */
  private accepted: number[] = [];
  private cancelled: RematchStatus['cancelled'] = null;
  /** Set once every person accepted: the new room, and each old seat's new seat and token. */
  private next: { roomId: string; seatOf: number[]; tokens: (string | null)[] } | null = null;
  private starting = false;

  constructor(private readonly room: RematchRoom) {}

  /** Seat `member` asks, accepts or declines: the error to send it, or null. */
  answer(member: RematchMember, payload: unknown): ErrorMessage | null {
    const read = readRematch(payload);
    if (!read.ok) return read.error;
    if (member.seat === null)
      return {
        code: 'spectator',
        message: 'you are watching: only the players may ask for a rematch',
      };
    const table = this.room.table();
    if (table.game.position.phase !== OVER)
      return { code: 'rematch', message: 'a rematch can be asked once the game is over' };
    if (this.next || this.starting)
      return { code: 'rematch', message: 'the rematch has begun: it is the next game' };
    const seat = member.seat;
    if (!read.value) {
      if (!this.accepted.length)
        return { code: 'rematch', message: 'there is no rematch request to decline' };
      this.cancel(seat, 'declined');
      return null;
    }
    if (!this.accepted.includes(seat)) this.accepted.push(seat);
    this.cancelled = null;
    if (this.waitingFor(table).length) this.broadcast();
    else void this.start(table);
    return null;
  }

  /** The person of seat `seat` left the room: a standing request is cancelled. */
  left(seat: number): void {
    if (this.accepted.length && !this.next && !this.starting) this.cancel(seat, 'left');
  }

  /** What `member` should know on joining: the request as it stands, and the next game. */
  greet(member: RematchMember): void {
    if (!this.accepted.length && !this.cancelled && !this.next) return;
    member.client.send(REMATCH_MSG, this.status());
    if (this.next) member.client.send(REMATCH_START, this.startOf(member));
  }

  private cancel(seat: number, by: 'declined' | 'left'): void {
    this.accepted = [];
    this.cancelled = { seat, by };
    this.broadcast();
  }

  /** The people still seated who have not accepted. */
  private waitingFor(table: Table): number[] {
    return table.holders.flatMap((h, i) =>
      h.kind === 'human' && !this.accepted.includes(i) ? [i] : [],
    );
  }

  private status(): RematchStatus {
    return {
      accepted: [...this.accepted],
      waitingFor: this.next ? [] : this.waitingFor(this.room.table()),
      cancelled: this.cancelled,
      next: this.next?.roomId ?? null,
    };
  }

  private broadcast(): void {
    const status = this.status();
    for (const m of this.room.members()) m.client.send(REMATCH_MSG, status);
  }

  private startOf(member: RematchMember): RematchStart {
    const { roomId, seatOf, tokens } = this.next!;
    const seat = member.seat === null ? null : seatOf[member.seat];
    return { roomId, seat, token: seat === null ? null : tokens[seat] };
  }

  /** Everyone accepted: store and open the next game, then move everyone there. */
  private async start(table: Table): Promise<void> {
    this.starting = true;
    const roomId = randomToken();
    const { setup, settings, seatOf } = nextTable(table, randomToken());
    const tokens = settings.seats.map((s) => (s.kind === 'open' ? randomToken() : null));
    const control = settings.timeControl;
    try {
      await this.room.save({
        format: STORED_FORMAT,
        version: STORED_VERSION,
        id: roomId,
        setup,
        actions: [],
        settings,
        tokenHashes: tokens.map((t) => t && hashToken(t)),
        // Each known player keeps their seat's identity (a bot's seat has none).
        playerIds: settings.seats.map((s, seat) =>
          s.kind === 'open' ? (table.playerIds?.[seatOf.indexOf(seat)] ?? null) : null,
        ),
        hostTokenHash: hashToken(randomToken()),
        started: true,
        remainingMs: control && setup.players.map(() => control.baseMs),
        over: false,
        savedAt: this.room.now(),
      });
      await this.room.open(roomId);
    } catch (e) {
      this.room.log(`rematch: the next game could not be opened: ${(e as Error).message}`);
      this.starting = false;
      this.accepted = [];
      this.broadcast();
      return;
    }
    this.next = { roomId, seatOf, tokens };
    this.broadcast();
    for (const m of this.room.members()) m.client.send(REMATCH_START, this.startOf(m));
  }
}
