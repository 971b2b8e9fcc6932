/**
 * A game room (issue #14) as Colyseus sees it: authoritative, on the same rules core as the
 * page. It wires clients to the game's referee (referee.ts: the record, the clocks, the turn,
 * the saves) and to its seats (seats.ts: tokens, grace periods, reconnection): it reads and
 * checks their messages, limits their rate and number, and broadcasts what the referee has
 * stored and the room's status. Every time-out, absence, take-over and return is an action of
 * the record (R11.4).
 */
import { Room, ServerError, matchMaker, type Client } from '@colyseus/core';
import { Game, LABELS, MAX_PLAYERS, OVER } from '../core';
import {
  CHAT_MSG,
  CLOSE_RESTART,
  LIMITS,
  MSG,
  REMATCH_MSG,
  ROOM_NAME,
  PUBLIC_ROOM_NAME,
  checkSize,
  PAIRING,
  readAct,
  readBotVote,
  readClaim,
  readDraw,
  readFill,
  readName,
  readPairFormat,
  readRoomSetup,
  readToken,
  type ClosingMessage,
  type ErrorCode,
  type ErrorMessage,
  type ListedRating,
  type ListedState,
  type RoomStatus,
  type SeatStatus,
  type TableFormat,
  type WelcomeMessage,
} from '../net';
import type { AddressCaps, AddressLimits } from './addressLimits';
import type { Archiver } from './archive';
import type { BotPlayer } from './bots';
import { TableChat } from './chat';
import { ownHandlersOnly } from './messageTypes';
import { RoomRematch } from './rematch';
import { TokenBucket } from './rateLimit';
import { Referee, type RefereeStart } from './referee';
import { Seats } from './seats';
import type { ReopenGuard } from './reopen';
import { unlockFormat, type LockStore } from './pairingLock';
import { Table, countWaiting, tableSetup, type CountStore } from './table';
import { joiningPlayer, listedRating, type JoiningPlayer } from './roomPlayers';
import { playerIdsOf, type RecordStore } from './store';
import type { Timers } from './timers';
import { hashToken, isRoomId, randomToken, tokenMatches } from './tokens';

/** What rooms share: where records are kept, who plays the bot seats, and the time. */
export interface RoomServices {
  store: RecordStore;
  bots: BotPlayer;
  timers: Timers;
  /** Where to report what goes wrong inside a room (a failed save, a failed bot). */
  log: (message: string) => void;
  /** Who may recreate a stored game's room (one process at a time, none while it is open). */
  reopen: ReopenGuard;
  /** A client's message refused, in one line (the server limits how many a second). */
  refused: (message: string) => void;
  /** Connections a room takes without a seat, and from one address (LIMITS by default). */
  caps: ConnectionCaps;
  /** One address's connections to all rooms of the process. */
  addresses: AddressLimits;
  /** Joins and leaves are told to a room at most once in this many ms (0: at once). */
  presenceMs: number;
  /** Where finished games are archived (archive.ts); none: not archived (tests). */
  archive?: Archiver;
}

/**
 * How many connections a room takes besides its seated players' (issue 48 item 3), and what one
 * address may do to the whole process (addressLimits.ts).
 */
export interface ConnectionCaps extends AddressCaps {
  spectators: number;
  perAddress: number;
}

/** A connected client. */
interface Member {
  client: Client;
  seat: number | null;
  /** The address it connected from (for the per-address cap). */
  address: string;
  /** The known player it joined as (its identity), or null for a guest. */
  player: JoiningPlayer | null;
  bucket: TokenBucket;
  /** When this client was last told it is sending too fast (told at most once a second). */
  warnedAt: number;
}

/**
 * What a join to a public table carries from its matchmaking (publicTable.ts): the address it
 * came from, and for a pairing request the name to sit down with.
 */
export interface TableAuth {
  address: string;
  /** The known player the join's identity is (roomPlayers.ts), or null for a guest. */
  player?: JoiningPlayer | null;
  pairName?: string;
  /** The pairing lock of the request's format, released once its seat is reserved. */
  pairingLock?: string;
}

export class GameRoom extends Room {
  /** Set by the server (server.ts) on the room class it defines. */
  protected services!: RoomServices;
  /**
   * Never reached in practice: watchers are capped apart (onAuth), so a seated player's
   * reconnection (its old connection still counted) always finds room.
   */
  override maxClients = LIMITS.spectators + 2 * MAX_PLAYERS;

  private referee!: Referee;
  private seats!: Seats<Member>;
  /** Given to the creator's client on joining, then forgotten. */
  private hostToken: string | null = null;
  private readonly members = new Map<string, Member>();
  /** The status broadcast a join or leave has scheduled (see presenceChanged), or null. */
  private presenceTimer: unknown = null;
  private statusSentAt = -Infinity;
  private disposed = false;
  private readonly chat = new TableChat({
    now: () => this.services.timers.now(),
    nameOf: (seat) => this.referee.setup.players[seat].name,
    members: () => this.members.values(),
  });
  private readonly rematch = new RoomRematch({
    table: () => {
      const { game, setup, settings, playerIds } = this.referee;
      return { game, setup, settings, holders: this.referee.holders(), playerIds };
    },
    members: () => this.members.values(),
    now: () => this.services.timers.now(),
    save: (stored) => this.services.store.save(stored),
    open: (id) => matchMaker.createRoom(ROOM_NAME, { resume: id }).then(() => undefined),
    log: (message) => this.services.log(`room ${this.roomId}: ${message}`),
  });
  /** A public table's wait (quick pairing) until its game starts; null for a private room. */
  private table: Table | null = null;
  /** Whether this room is a public table: listed while it waits and while its game is played. */
  private listed = false;
  /** Each seat's rating in the table's pool as the list shows it (a bot's seat aside). */
  private seatRatings: ListedRating[] = [];

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN)
      throw new Error('this server is restarting: try again in a moment');
    ownHandlersOnly(this);
    if (this.roomName === PUBLIC_ROOM_NAME) this.openTable(options);
    else {
      await this.setPrivate(true); // reached by its id only: never matched nor listed
      if (options.resume !== undefined) await this.restore(options.resume);
      else this.open(options.setup);
    }
    this.onMessage(MSG.claim, (client, payload) =>
      this.guarded(client, () => this.claim(client, payload)),
    );
    this.onMessage(MSG.act, (client, payload) =>
      this.guarded(client, () => this.act(client, payload)),
    );
    this.onMessage(MSG.fill, (client, payload) => this.guarded(client, () => this.fill(payload)));
    this.onMessage(MSG.botVote, (client, payload) =>
      this.guarded(client, () => this.botVote(client, payload)),
    );
    this.onMessage(MSG.draw, (client, payload) =>
      this.guarded(client, () => this.draw(client, payload)),
    );
    this.onMessage(CHAT_MSG, (client, payload) =>
      this.guarded(client, () => this.chat.say(this.members.get(client.sessionId)!, payload)),
    );
    this.onMessage(REMATCH_MSG, (client, payload) =>
      this.guarded(client, () => this.rematch.answer(this.members.get(client.sessionId)!, payload)),
    );
    this.onMessage(MSG.resync, (client, payload) =>
      this.guarded(client, () => {
        if (payload !== undefined && checkSize(payload)) return checkSize(payload);
        client.send(MSG.record, this.referee.recordMessage());
        return null;
      }),
    );
    this.onMessage('*', (client, type) =>
      this.guarded(client, () => ({
        code: 'unknown-message',
        message: `there is no message "${String(type).slice(0, 24)}"`,
      })),
    );
  }

  /** The referee of the game, telling this room what to send. */
  private createReferee(start: RefereeStart): Referee {
    return new Referee(start, this.services, {
      saved: (message) => {
        this.broadcast(MSG.actions, message);
        void this.relist();
      },
      statusChanged: () => this.broadcastStatus(),
      paused: (waiting) => {
        // The room stays open without players until its record is saved.
        this.autoDispose = false;
        for (const client of waiting)
          this.refuse(
            client as Client,
            'not-saved',
            'your move is not saved yet: saving failed and the game is paused; it is played once saving works again',
          );
        this.broadcastStatus();
      },
      resumed: () => {
        this.autoDispose = true;
      },
      tokenHashes: () => this.seats.tokenHashes(),
      takesSeatBack: (i) => this.seats.takesBack(i),
    });
  }

  /**
   * A public table from a pairing request: its format is listed (the matchmaker filters on it);
   * a request for any size opens a table of PAIRING.anySize.
   */
  private openTable(options: Record<string, unknown>): void {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { name, identity, tableId, ...request } = options;
    const read = readPairFormat(request);
    if (!read.ok) throw new Error(read.error.message);
    const format: TableFormat = { size: PAIRING.anySize, ...read.value };
    Object.assign(this.listing, format);
    this.table = new Table(format, this.services.timers.now());
    this.listed = true;
    this.open(tableSetup(format));
    // Quick pairing may steer a request to this table by its id (publicTable.ts).
    this.listing.tableId = this.roomId;
    void this.relist();
  }

  /**
   * A public table's entry in the list of open tables and live games (openTables.ts): waiting
   * with its seats taken, or in play with its players and move, until its game ends.
   */
  private async relist(): Promise<void> {
    if (!this.listed || this.disposed) return;
    const { referee, table } = this;
    const position = referee.game.position;
    let listed: ListedState | null = null;
    const ratings = referee.settings.seats.map((s, i) =>
      s.kind === 'bot' ? { bot: s.level } : this.seatRatings[i],
    );
    if (table) {
      const seatedAt = table.status().seatedAt;
      listed = {
        state: 'waiting',
        seated: seatedAt.filter((t) => t !== null).length,
        openedAt: table.openedAt,
        ratings: ratings.filter((_, i) => seatedAt[i] !== null),
      };
    } else if (position.phase !== OVER)
      listed = {
        state: 'playing',
        players: referee.setup.players.map((p) => p.name),
        move: position.fullmoveNumber,
        ratings,
      };
    if (!listed) this.listed = false;
    const previous = JSON.stringify(this.listing.metadata?.listed ?? null);
    if (previous === JSON.stringify(listed)) return;
    await this.setMetadata({ listed }).catch((e: Error) =>
      this.services.log(`table ${this.roomId}: listing: ${e.message}`),
    );
  }

  /** A new room from a creator's setup. */
  private open(input: unknown): void {
    const read = readRoomSetup(input);
    if (!read.ok) throw new Error(read.error.message);
    const { players, seats, options, ...rest } = read.value;
    this.roomId = randomToken();
    const setup = { players, seed: randomToken(), options };
    const created = Game.create(setup);
    if (!created.ok) throw new Error(created.error.message);
    this.hostToken = randomToken();
    this.referee = this.createReferee({
      id: this.roomId,
      setup,
      settings: { seats, ...rest },
      game: created.value,
      hostTokenHash: hashToken(this.hostToken),
      playerIds: seats.map(() => null),
      started: false,
      remainingMs: null,
    });
    this.seats = this.createSeats(seats.map(() => null));
    this.referee.maybeStart();
    this.referee.persist();
  }

  /** The room of a stored game (after a restart): its seats wait for their players. */
  private async restore(id: unknown): Promise<void> {
    if (!isRoomId(id)) throw new Error('there is no such game');
    // Released once the room is listed (server.ts), so that nobody opens it twice.
    if (!(await this.services.reopen.claim(id)))
      throw new Error('the game is open already: join it');
    try {
      const stored = await this.services.store.load(id);
      if (!stored) throw new Error('there is no such game');
      let game = Game.create(stored.setup);
      for (const text of stored.actions) if (game.ok) game = game.value.play(text);
      if (!game.ok) throw new Error(`the stored game cannot be replayed: ${game.error.message}`);
      this.roomId = id;
      this.referee = this.createReferee({
        id,
        setup: stored.setup,
        settings: stored.settings,
        game: game.value,
        hostTokenHash: stored.hostTokenHash,
        playerIds: playerIdsOf(stored),
        started: stored.started,
        remainingMs: stored.remainingMs,
      });
      this.seats = this.createSeats(stored.tokenHashes);
      for (let i = 0; i < this.seats.count; i++) if (this.seats.claimed(i)) this.startGrace(i);
      this.referee.advance();
    } catch (e) {
      await this.services.reopen.release(id);
      throw e;
    }
  }

  private createSeats(tokenHashes: readonly (string | null)[]): Seats<Member> {
    this.seatRatings = tokenHashes.map(() => 'guest');
    return new Seats<Member>(tokenHashes, this.services.timers, (i) => this.graceOver(i));
  }

  /**
   * A seat's token always gets in. Anyone else is refused past the room's cap of connections
   * without a seat, or of such connections from one address (issue 48 item 3). The address is
   * the socket's (issue #61 item 10: not a header the client wrote). A join's identity is then
   * resolved to its known player, or refused (roomPlayers.ts).
   */
  override async onAuth(client: Client, options: Record<string, unknown>): Promise<TableAuth> {
    const auth = this.admit(options, this.services.addresses.ofSocket(client.ref));
    return { ...auth, player: await joiningPlayer(this.services, options) };
  }

  /** The room's caps for a join from `address` (onAuth; at a public table, onJoin). */
  private admit(options: Record<string, unknown>, address: string): TableAuth {
    const token = readToken(options?.token);
    if (this.seats.indexOfToken(token) >= 0) return { address };
    const { spectators, perAddress } = this.services.caps;
    const members = [...this.members.values()];
    if (members.filter((m) => m.seat === null).length >= spectators)
      throw new ServerError(4403, 'this game has as many watchers as it can take');
    // A seated player's own connections are not watchers (LIMITS.perAddress).
    if (members.filter((m) => m.seat === null && m.address === address).length >= perAddress)
      throw new ServerError(4429, 'too many connections to this game from one address');
    if (this.services.addresses.full(address))
      throw new ServerError(4429, 'too many connections to this server from one address');
    return { address };
  }

  override onJoin(client: Client, options: Record<string, unknown> = {}): void {
    const now = this.services.timers.now();
    const auth = (client.auth ?? { address: '' }) as TableAuth;
    // A public table's joins were let in by its matchmaking (publicTable.ts), before this room
    // could check them: a pairing request sits down below, any other join meets the caps here.
    if (this.table && auth.pairName === undefined) this.admit(options, auth.address);
    const member: Member = {
      client,
      seat: null,
      address: auth.address,
      player: auth.player ?? null,
      bucket: new TokenBucket(LIMITS.ratePerSecond, LIMITS.burst, now),
      warnedAt: -Infinity,
    };
    this.members.set(client.sessionId, member);
    this.services.addresses.opened(member.address);
    const seat = this.seats.indexOfToken(readToken(options.token));
    if (seat >= 0) this.seatMember(seat, member);
    else if (auth.pairName !== undefined) this.sitAtTable(client, member, auth.pairName, options);
    const welcome: WelcomeMessage = { roomId: this.roomId, seat: member.seat };
    if (this.hostToken && options.setup !== undefined) {
      welcome.hostToken = this.hostToken;
      this.hostToken = null;
    }
    client.send(MSG.welcome, welcome);
    client.send(MSG.record, this.referee.recordMessage());
    client.send(MSG.room, this.status());
    this.greetAtTable(member);
    this.presenceChanged();
  }

  override onLeave(client: Client, consented: boolean): void {
    const member = this.members.get(client.sessionId);
    this.members.delete(client.sessionId);
    if (member) this.services.addresses.closed(member.address);
    if (!member || this.disposed) return;
    const index = this.seats.leave(member);
    if (index === null) return;
    this.rematch.left(index);
    // Leaving a waiting table on purpose frees the seat at once: someone else may pair into it.
    if (consented && this.table) return this.leaveTable(index);
    if (!consented) {
      const reconnection = this.allowReconnection(client, 'manual');
      this.seats.awaitReconnection(index, (reason) => reconnection.reject(reason));
      reconnection
        .then(() => {
          this.seats.reconnected(index);
          this.members.set(client.sessionId, member);
          this.services.addresses.opened(member.address);
          this.seatMember(index, member);
          client.send(MSG.record, this.referee.recordMessage());
          this.greetAtTable(member);
          this.broadcastStatus();
        })
        .catch(() => {});
    }
    this.startGrace(index);
    this.presenceChanged();
  }

  /** A client joined or came back: the table's chat and rematch as they stand (issue #49). */
  private greetAtTable(member: Member): void {
    this.chat.sendHistory(member);
    this.rematch.greet(member);
  }

  /** Disposal waits for the saves begun (a process shutting down writes every record first). */
  override onDispose(): Promise<void> {
    this.halt();
    return this.settled();
  }

  /**
   * The process is shutting down (issue #15 item 3): take no more actions, finish writing the
   * record, unlist the room so that a living process may reopen it, tell the clients, and close
   * their connections with CLOSE_RESTART (they rejoin, reaching a living process).
   */
  override onBeforeShutdown(): void {
    this.halt();
    void this.settled()
      .then(() => this.listing.remove())
      .then(() => {
        this.broadcast(MSG.closing, { reason: 'restart' } satisfies ClosingMessage);
        return this.disconnect(CLOSE_RESTART);
      })
      .catch((e: Error) => this.services.log(`room ${this.roomId}: closing: ${e.message}`));
  }

  /** No more actions, time-outs or bot moves in this room. */
  private halt(): void {
    this.disposed = true;
    for (const address of this.table?.riseAll() ?? []) this.countWaiting(address, -1);
    this.referee.halt();
    this.services.timers.clearTimeout(this.presenceTimer);
    this.seats.halt();
  }

  // --- seats ---------------------------------------------------------------------------

  /** `member` holds seat i now (a claim, a token, a reconnection): the grace period ends. */
  private seatMember(i: number, member: Member): void {
    // The same person in a newer tab: the older one watches.
    this.seats
      .take(i, member)
      ?.client.send(MSG.welcome, { roomId: this.roomId, seat: null } satisfies WelcomeMessage);
    const { referee } = this;
    if (referee.holders()[i].kind === 'bot' && referee.settings.seats[i].kind === 'open') {
      this.seats.wantBack(i);
      referee.advance();
    }
  }

  private startGrace(i: number): void {
    this.seats.startGrace(i, this.referee.settings.graceMs);
  }

  /** R11.3: the grace period of seat i ran out; the room's setting decides. */
  private graceOver(i: number): void {
    // While saving fails nobody can come back (matchmaking is refused): the period starts again.
    if (this.referee.paused) return this.startGrace(i);
    if (this.table) return this.leaveTable(i);
    this.seats.endGrace(i);
    if (!this.referee.started) {
      this.reopenSeat(i); // before the game, the seat opens again
      this.referee.persist();
    } else this.referee.graceOver(i);
    this.broadcastStatus();
  }

  // --- messages --------------------------------------------------------------------------

  /** Run a message handler within the client's rate; an error goes to that client only. */
  private guarded(client: Client, handle: () => ErrorMessage | null): void {
    const member = this.members.get(client.sessionId);
    if (!member || this.disposed) return;
    const now = this.services.timers.now();
    if (!member.bucket.take(now)) {
      if (now - member.warnedAt >= 1000) {
        member.warnedAt = now;
        this.refuse(client, 'rate-limited', 'too many messages: wait a moment');
      }
      return;
    }
    const error = handle();
    if (error) this.refuse(client, error.code, error.message);
  }

  private refuse(client: Client, code: ErrorCode, message: string): void {
    this.services.refused(`room ${this.roomId}: refused ${client.sessionId}: ${code}: ${message}`);
    client.send(MSG.error, { code, message } satisfies ErrorMessage);
  }

  private claim(client: Client, payload: unknown): ErrorMessage | null {
    const read = readClaim(payload);
    if (!read.ok) return read.error;
    const { referee } = this;
    if (referee.paused) return referee.pausedError();
    const member = this.members.get(client.sessionId)!;
    const { seat, name } = read.value;
    if (member.seat !== null) return { code: 'already-seated', message: 'you already have a seat' };
    if (seat < 0 || seat >= this.seats.count)
      return { code: 'bad-seat', message: `there is no seat ${seat + 1}` };
    if (!this.seatOpen(seat)) return { code: 'seat-taken', message: 'that seat is taken' };
    // A public table seats pairing requests only (their limits apply: publicTable.ts).
    if (this.table)
      return { code: 'seat-taken', message: 'sit at a public table through "Play online now"' };
    this.takeSeat(client, member, seat, name);
    return null;
  }

  private seatOpen(i: number): boolean {
    const { referee } = this;
    return !referee.started && referee.settings.seats[i].kind === 'open' && !this.seats.claimed(i);
  }

  /** Before the start, seat i is nobody's again. */
  private reopenSeat(i: number): void {
    this.seats.reopen(i);
    this.referee.seatPlayer(i, null);
    this.seatRatings[i] = 'guest';
  }

  /**
   * `member` sits down at open seat i with `name` (a known player with theirs) and gets its
   * token; the seat records the known player.
   */
  private takeSeat(client: Client, member: Member, i: number, name: string): void {
    const token = this.seats.claim(i);
    const { player } = member;
    this.referee.name(i, player?.name ?? name);
    this.referee.seatPlayer(i, player?.id ?? null);
    this.seatRatings[i] = listedRating(player, this.seats.count);
    this.seatMember(i, member);
    client.send(MSG.seated, { seat: i, token });
    if (this.table) {
      this.table.sit(i, member.address, this.services.timers.now());
      this.countWaiting(member.address, 1);
    }
    this.afterSeating();
  }

  /**
   * A pairing request reached this table (matched, or joined from the list of open tables by
   * id): its person takes the first open seat, when the request's format is the table's.
   */
  private sitAtTable(
    client: Client,
    member: Member,
    name: string,
    request: Record<string, unknown>,
  ): void {
    if (!this.table) throw new ServerError(4409, 'the game at this table has started: watch it');
    const { format } = this.table;
    if (
      request.clock !== format.clock ||
      request.rules !== format.rules ||
      (request.size !== undefined && request.size !== format.size)
    )
      throw new ServerError(4409, 'this table is of another format than the one asked for');
    const read = readName(name);
    const seat = [...Array(this.seats.count).keys()].find((i) => this.seatOpen(i));
    if (!read.ok || seat === undefined)
      throw new ServerError(
        4409,
        read.ok ? 'this table has no open seat left' : read.error.message,
      );
    this.takeSeat(client, member, seat, read.value);
  }

  /**
   * A public table's open seats are reserved for pairing requests only: the matchmaker sends no
   * one to a table whose open seats all have a person or a reservation (no over-filling, however
   * many arrive at once; a reservation is checked and made in one step). Once the game started,
   * the room's own cap applies (watchers, reconnections).
   */
  override hasReachedMaxClients(): boolean {
    if (!this.table || !this.referee) return super.hasReachedMaxClients();
    const pairing = Object.values(this.reservedSeats).filter(
      ([, auth, consumed, reconnecting]) =>
        !consumed && !reconnecting && (auth as TableAuth | undefined)?.pairName !== undefined,
    ).length;
    const open = [...Array(this.seats.count).keys()].filter((i) => this.seatOpen(i)).length;
    return open <= pairing || super.hasReachedMaxClients();
  }

  /** A pairing request's seat is reserved here (or refused): the next one of its format may look. */
  protected override async _reserveSeat(
    sessionId: string,
    joinOptions?: unknown,
    authData?: unknown,
    ...rest: [number?, boolean?, boolean?]
  ): Promise<boolean> {
    const reserved = await super._reserveSeat(sessionId, joinOptions, authData, ...rest);
    const lock = (authData as TableAuth | undefined)?.pairingLock;
    if (reserved && lock) unlockFormat(this.presence as unknown as LockStore, lock);
    return reserved;
  }

  /** One more (1) or one fewer (-1) person from `address` waits at this table (table.ts). */
  private countWaiting(address: string, by: 1 | -1): void {
    const store = this.presence as unknown as CountStore;
    countWaiting(store, address, this.roomId, by).catch((e: Error) =>
      this.services.log(`table ${this.roomId}: counting waiting seats: ${e.message}`),
    );
  }

  /** Seat i's person left a public table before its start: the seat is open again at once. */
  private leaveTable(i: number): void {
    const table = this.table!;
    const address = table.rise(i);
    if (address !== null) this.countWaiting(address, -1);
    this.seats.endGrace(i);
    this.reopenSeat(i);
    this.referee.name(i, `Seat ${i + 1}`);
    if (!this.hasReachedMaxClients()) void this.unlock();
    if (!this.startWithBots()) this.afterSeating();
  }

  /** After the table's wait, a seated person's choice of bot level for the empty seats. */
  private botVote(client: Client, payload: unknown): ErrorMessage | null {
    const read = readBotVote(payload);
    if (!read.ok) return read.error;
    const seat = this.seatOf(this.members.get(client.sessionId)!);
    if (typeof seat !== 'number') return seat;
    if (!this.table || this.referee.started)
      return { code: 'not-waiting', message: 'only a public table waiting for players takes bots' };
    if (this.referee.paused) return this.referee.pausedError();
    const refused = this.table.vote(seat, read.value.level, this.services.timers.now());
    if (refused) return refused;
    if (!this.startWithBots()) this.broadcastStatus();
    return null;
  }

  /** Every seated person chose a level: bots of the lowest take the empty seats (R11.3). */
  private startWithBots(): boolean {
    const level = this.table?.agreed();
    if (!level) return false;
    for (let i = 0; i < this.seats.count; i++)
      if (this.seatOpen(i)) this.referee.name(i, `Bot ${i + 1}`);
    this.referee.fillWithBots(level);
    this.afterSeating();
    return true;
  }

  /**
   * A seat was claimed or filled: the game may start; everyone hears of it. A public table that
   * starts is no longer matched (nor counted as a wait of its players).
   */
  private afterSeating(): void {
    this.referee.maybeStart();
    if (this.table && this.referee.started) {
      for (const address of this.table.riseAll()) this.countWaiting(address, -1);
      this.table = null;
      void this.setPrivate(true).then(() => this.unlock());
    }
    void this.relist();
    this.referee.persist();
    this.broadcast(MSG.record, this.referee.recordMessage());
    this.broadcastStatus();
  }

  private fill(payload: unknown): ErrorMessage | null {
    const read = readFill(payload);
    if (!read.ok) return read.error;
    const { referee } = this;
    if (referee.paused) return referee.pausedError();
    if (!tokenMatches(read.value.hostToken, referee.hostTokenHash))
      return { code: 'not-host', message: 'only the creator of the room can add bots' };
    if (referee.started) return { code: 'seat-taken', message: 'the game has started' };
    referee.fillWithBots(read.value.level);
    this.afterSeating();
    return null;
  }

  /** A watcher may not act: take a seat first. */
  private seatOf(member: Member): number | ErrorMessage {
    return member.seat ?? { code: 'spectator', message: 'you are watching: take a seat to play' };
  }

  private act(client: Client, payload: unknown): ErrorMessage | null {
    const read = readAct(payload);
    if (!read.ok) return read.error;
    const seat = this.seatOf(this.members.get(client.sessionId)!);
    if (typeof seat !== 'number') return seat;
    return this.referee.act(seat, read.value.action, read.value.ply, client);
  }

  /** R7.2, R8.2: an offer, acceptance or refusal of a draw. */
  private draw(client: Client, payload: unknown): ErrorMessage | null {
    const read = readDraw(payload);
    if (!read.ok) return read.error;
    const seat = this.seatOf(this.members.get(client.sessionId)!);
    if (typeof seat !== 'number') return seat;
    return this.referee.draw(seat, read.value.answer, read.value.ply);
  }

  /** Resolves when every save begun so far has finished (tests, shutdown). */
  settled(): Promise<void> {
    return this.referee.settled();
  }

  private status(): RoomStatus {
    const { referee } = this;
    const holders = referee.holders();
    const seats = holders.map((holder, i): SeatStatus => {
      const open = referee.settings.seats[i].kind === 'open' && !this.seats.claimed(i);
      const person = !open && holder.kind === 'human';
      return {
        seat: i,
        label: LABELS[referee.turnIndexOf(i)],
        holder: open ? 'open' : holder.kind,
        level: holder.kind === 'bot' ? holder.level : null,
        ...this.seats.connection(i, person),
      };
    });
    return {
      ...referee.gameStatus(),
      pairing: this.table?.status() ?? null,
      seats,
      serverTime: this.services.timers.now(),
    };
  }

  private broadcastStatus(): void {
    const { timers } = this.services;
    timers.clearTimeout(this.presenceTimer);
    this.presenceTimer = null;
    this.statusSentAt = timers.now();
    if (!this.disposed) this.broadcast(MSG.room, this.status());
  }

  /**
   * Someone joined or left: everyone hears of it, but at most once per presenceMs (issue 48
   * item 5). A client joining and leaving in a loop then costs each player one message an
   * interval, not one a join; the last change always goes out at the interval's end.
   */
  private presenceChanged(): void {
    if (this.presenceTimer !== null) return;
    const { timers, presenceMs } = this.services;
    const wait = this.statusSentAt + presenceMs - timers.now();
    if (wait <= 0) return this.broadcastStatus();
    this.presenceTimer = timers.setTimeout(() => this.broadcastStatus(), wait);
  }
}
