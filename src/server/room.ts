/**
 * A game room (issue #14): authoritative, on the same rules core as the page. Clients send
 * action texts; the room checks each for the seat that sent it, appends it to the record
 * (R10.1), saves the record, then sends it to everyone. It keeps the seats (claimed with a name,
 * held by a token), the connections and their grace periods (R11.3), the clocks (R11.1–2, one
 * timer for the next flag fall) and asks the bot pool for the bot seats' actions. Every time-out,
 * absence, take-over and return is an action of the record (R11.4).
 */
import {
  Room,
  ServerError,
  matchMaker,
  type AuthContext,
  type Client,
  type Deferred,
} from '@colyseus/core';
import {
  DRAW_TEXT,
  Game,
  LABELS,
  MAX_PLAYERS,
  OVER,
  clocksAfter,
  flagFall,
  remainingAt,
  seatHoldersAt,
  startClocks,
  type BotLevel,
  type Clocks,
  type GameSetup,
  type SavedSeat,
} from '../core';
import {
  CLOSE_RESTART,
  LIMITS,
  MSG,
  checkSize,
  positionHash,
  readAct,
  readClaim,
  uniqueName,
  readDraw,
  readFill,
  readRoomSetup,
  readToken,
  type ActionsMessage,
  type ClosingMessage,
  type ErrorCode,
  type ErrorMessage,
  type RecordMessage,
  type RoomSettings,
  type RoomStatus,
  type SeatStatus,
  type WelcomeMessage,
} from '../net';
import type { AddressCaps, AddressLimits } from './addressLimits';
import type { BotPlayer } from './bots';
import { ownHandlersOnly } from './messageTypes';
import { TokenBucket } from './rateLimit';
import { DRAW_BY_OFFER, RoomDraw, isDrawAction } from './roomDraw';
import type { ReopenGuard } from './reopen';
import { Saver } from './saver';
import { STORED_FORMAT, STORED_VERSION, type RecordStore, type StoredGame } from './store';
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
  bucket: TokenBucket;
  /** When this client was last told it is sending too fast (told at most once a second). */
  warnedAt: number;
}

/** The address a connection came from (the first, for a list or a proxy's header). */
function addressOf(context: AuthContext): string {
  const ip = context?.ip;
  return (Array.isArray(ip) ? ip[0] : ip) ?? '';
}

/** A seat's connection state (setup order). */
interface Seat {
  tokenHash: string | null;
  member: Member | null;
  graceTimer: unknown;
  graceEndsAt: number | null;
  /** Colyseus' reconnection of the lost client, settled when the grace period ends. */
  reconnection: Deferred<Client> | null;
  /** The person came back while a bot held the seat: it is theirs again on their turn. */
  wantsBack: boolean;
}

const SERVER_ONLY = /^\s*(timeout|absent|bot|return)\b/;

/** What a save writes, with the game it is of (the actions it stores are sent once it is done). */
interface Snapshot {
  stored: StoredGame;
  game: Game;
}

export class GameRoom extends Room {
  /** Set by the server (server.ts) on the room class it defines. */
  protected services!: RoomServices;
  /**
   * Never reached in practice: watchers are capped apart (onAuth), so a seated player's
   * reconnection (its old connection still counted) always finds room.
   */
  override maxClients = LIMITS.spectators + 2 * MAX_PLAYERS;

  private setup!: GameSetup;
  private settings!: RoomSettings;
  private game!: Game;
  private seats: Seat[] = [];
  private hostTokenHash = '';
  /** Given to the creator's client on joining, then forgotten. */
  private hostToken: string | null = null;
  private started = false;
  private clocks: Clocks | null = null;
  private readonly members = new Map<string, Member>();
  private flagTimer: unknown = null;
  /** The status broadcast a join or leave has scheduled (see presenceChanged), or null. */
  private presenceTimer: unknown = null;
  private statusSentAt = -Infinity;
  /** The record length for which a bot was asked (one request at a time). */
  private botAsked = -1;
  private disposed = false;
  /** Saves run one after another; accepted actions are sent once saved. */
  private saver!: Saver<Snapshot>;
  /** Since when the room is paused (a save failed), or null: the clocks stand still meanwhile. */
  private pausedAt: number | null = null;
  /** Who sent the actions not saved yet, and the record's length after each. */
  private unsaved: { client: Client; length: number }[] = [];
  private sent = 0;
  private readonly draws = new RoomDraw();

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN)
      throw new Error('this server is restarting: try again in a moment');
    this.saver = new Saver<Snapshot>(
      {
        take: () => ({ stored: this.stored(), game: this.game }),
        write: (snapshot) => this.services.store.save(snapshot.stored),
        saved: (snapshot, resumed) => this.saved(snapshot, resumed),
        failed: (error) => this.pause(error),
      },
      this.services.timers,
    );
    ownHandlersOnly(this);
    await this.setPrivate(true); // reached by its id only: never matched nor listed
    if (options.resume !== undefined) await this.restore(options.resume);
    else this.open(options.setup);
    this.onMessage(MSG.claim, (client, payload) =>
      this.guarded(client, () => this.claim(client, payload)),
    );
    this.onMessage(MSG.act, (client, payload) =>
      this.guarded(client, () => this.act(client, payload)),
    );
    this.onMessage(MSG.fill, (client, payload) => this.guarded(client, () => this.fill(payload)));
    this.onMessage(MSG.draw, (client, payload) =>
      this.guarded(client, () => this.draw(client, payload)),
    );
    this.onMessage(MSG.resync, (client, payload) =>
      this.guarded(client, () => {
        if (payload !== undefined && checkSize(payload)) return checkSize(payload);
        client.send(MSG.record, this.recordMessage());
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

  /** A new room from a creator's setup. */
  private open(input: unknown): void {
    const read = readRoomSetup(input);
    if (!read.ok) throw new Error(read.error.message);
    const { players, seats, options, ...rest } = read.value;
    this.roomId = randomToken();
    this.setup = { players, seed: randomToken(), options };
    this.settings = { seats, ...rest };
    const created = Game.create(this.setup);
    if (!created.ok) throw new Error(created.error.message);
    this.game = created.value;
    this.seats = seats.map(() => this.emptySeat(null));
    this.hostToken = randomToken();
    this.hostTokenHash = hashToken(this.hostToken);
    this.maybeStart();
    this.persist();
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
      this.setup = stored.setup;
      this.settings = stored.settings;
      this.game = game.value;
      this.hostTokenHash = stored.hostTokenHash;
      this.started = stored.started;
      this.sent = this.game.length;
      const now = this.services.timers.now();
      if (this.started && this.settings.timeControl && stored.remainingMs)
        this.clocks = {
          ...startClocks(this.settings.timeControl, this.game, now),
          remainingMs: stored.remainingMs,
        };
      this.seats = stored.tokenHashes.map((hash) => this.emptySeat(hash));
      this.seats.forEach((seat, i) => {
        if (seat.tokenHash) this.startGrace(i);
      });
      this.advance();
    } catch (e) {
      await this.services.reopen.release(id);
      throw e;
    }
  }

  private emptySeat(tokenHash: string | null): Seat {
    return {
      tokenHash,
      member: null,
      graceTimer: null,
      graceEndsAt: null,
      reconnection: null,
      wantsBack: false,
    };
  }

  /**
   * A seat's token always gets in. Anyone else is refused past the room's cap of connections
   * without a seat, or of connections from one address (issue 48 item 3).
   */
  override onAuth(_client: Client, options: Record<string, unknown>, context: AuthContext) {
    const address = addressOf(context);
    const token = readToken(options?.token);
    if (token !== null && this.seats.some((s) => tokenMatches(token, s.tokenHash)))
      return { address };
    const { spectators, perAddress } = this.services.caps;
    const members = [...this.members.values()];
    if (members.filter((m) => m.seat === null).length >= spectators)
      throw new ServerError(4403, 'this game has as many watchers as it can take');
    if (members.filter((m) => m.address === address).length >= perAddress)
      throw new ServerError(4429, 'too many connections to this game from one address');
    if (this.services.addresses.full(address))
      throw new ServerError(4429, 'too many connections to this server from one address');
    return { address };
  }

  override onJoin(client: Client, options: Record<string, unknown> = {}): void {
    const now = this.services.timers.now();
    const member: Member = {
      client,
      seat: null,
      address: (client.auth as { address?: string } | undefined)?.address ?? '',
      bucket: new TokenBucket(LIMITS.ratePerSecond, LIMITS.burst, now),
      warnedAt: -Infinity,
    };
    this.members.set(client.sessionId, member);
    this.services.addresses.opened(member.address);
    const token = readToken(options.token);
    const seat =
      token === null ? -1 : this.seats.findIndex((s) => tokenMatches(token, s.tokenHash));
    if (seat >= 0) this.seatMember(seat, member);
    const welcome: WelcomeMessage = { roomId: this.roomId, seat: member.seat };
    if (this.hostToken && options.setup !== undefined) {
      welcome.hostToken = this.hostToken;
      this.hostToken = null;
    }
    client.send(MSG.welcome, welcome);
    client.send(MSG.record, this.recordMessage());
    client.send(MSG.room, this.status());
    this.presenceChanged();
  }

  override onLeave(client: Client, consented: boolean): void {
    const member = this.members.get(client.sessionId);
    this.members.delete(client.sessionId);
    if (member) this.services.addresses.closed(member.address);
    if (!member || member.seat === null || this.disposed) return;
    const seat = this.seats[member.seat];
    if (seat.member !== member) return;
    seat.member = null;
    const index = member.seat;
    if (!consented) {
      const reconnection = this.allowReconnection(client, 'manual');
      seat.reconnection = reconnection;
      reconnection
        .then(() => {
          seat.reconnection = null;
          this.members.set(client.sessionId, member);
          this.services.addresses.opened(member.address);
          this.seatMember(index, member);
          client.send(MSG.record, this.recordMessage());
          this.broadcastStatus();
        })
        .catch(() => {});
    }
    this.startGrace(index);
    this.presenceChanged();
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
    this.saver.stop();
    if (this.saver.paused && this.game.length > this.sent)
      this.services.log(
        `room ${this.roomId}: closed while saving failed: its last ${this.game.length - this.sent} actions are lost`,
      );
    this.services.timers.clearTimeout(this.flagTimer);
    this.services.timers.clearTimeout(this.presenceTimer);
    for (const seat of this.seats) this.services.timers.clearTimeout(seat.graceTimer);
  }

  // --- seats ---------------------------------------------------------------------------

  /** `member` holds seat i now (a claim, a token, a reconnection): the grace period ends. */
  private seatMember(i: number, member: Member): void {
    const seat = this.seats[i];
    if (seat.member && seat.member !== member) {
      // The same person in a newer tab: the older one watches.
      seat.member.seat = null;
      seat.member.client.send(MSG.welcome, {
        roomId: this.roomId,
        seat: null,
      } satisfies WelcomeMessage);
    }
    seat.member = member;
    member.seat = i;
    this.services.timers.clearTimeout(seat.graceTimer);
    seat.graceTimer = null;
    seat.graceEndsAt = null;
    // Back by token (a reload): the lost connection will not be resumed.
    seat.reconnection?.reject(new Error('the seat was taken back'));
    seat.reconnection = null;
    if (this.holders()[i].kind === 'bot' && this.settings.seats[i].kind === 'open') {
      seat.wantsBack = true;
      this.advance();
    }
  }

  private startGrace(i: number): void {
    const seat = this.seats[i];
    const { timers } = this.services;
    timers.clearTimeout(seat.graceTimer);
    seat.graceEndsAt = timers.now() + this.settings.graceMs;
    seat.graceTimer = timers.setTimeout(() => this.graceOver(i), this.settings.graceMs);
  }

  /** R11.3: the grace period of seat i ran out; the room's setting decides. */
  private graceOver(i: number): void {
    // While saving fails nobody can come back (matchmaking is refused): the period starts again.
    if (this.saver.paused) return this.startGrace(i);
    const seat = this.seats[i];
    seat.graceTimer = null;
    seat.graceEndsAt = null;
    seat.wantsBack = false;
    seat.reconnection?.reject(new Error('the grace period is over'));
    seat.reconnection = null;
    if (!this.started) {
      seat.tokenHash = null; // before the game, the seat opens again
      this.persist();
    } else if (this.game.position.phase !== OVER) {
      const p = this.turnIndexOf(i);
      const inGame = this.game.status().players[p].state === 'active';
      if (inGame && this.holders()[i].kind === 'human') {
        const policy = this.settings.afterGrace;
        const label = LABELS[p];
        this.record(policy.kind === 'bot' ? `bot ${label} ${policy.level}` : `absent ${label}`);
        this.advance();
      }
    }
    this.broadcastStatus();
  }

  /** Who holds each seat now (setup order): the initial seats with the record's take-overs. */
  private holders(): SavedSeat[] {
    const initial = this.settings.seats.map((s): SavedSeat =>
      s.kind === 'bot' ? { kind: 'bot', level: s.level } : { kind: 'human' },
    );
    return seatHoldersAt(this.game, this.game.length, initial);
  }

  private turnIndexOf(seat: number): number {
    return this.game.players.findIndex((p) => p.setupIndex === seat);
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

  /** While saving fails, the room takes no claim, fill or action. */
  private pausedError(): ErrorMessage | null {
    return this.saver.paused
      ? {
          code: 'paused',
          message: 'saving failed, the game is paused: it goes on once saving works again',
        }
      : null;
  }

  private claim(client: Client, payload: unknown): ErrorMessage | null {
    const read = readClaim(payload);
    if (!read.ok) return read.error;
    if (this.saver.paused) return this.pausedError();
    const member = this.members.get(client.sessionId)!;
    const { seat, name } = read.value;
    if (member.seat !== null) return { code: 'already-seated', message: 'you already have a seat' };
    if (seat < 0 || seat >= this.seats.length)
      return { code: 'bad-seat', message: `there is no seat ${seat + 1}` };
    if (this.started || this.settings.seats[seat].kind !== 'open' || this.seats[seat].tokenHash)
      return { code: 'seat-taken', message: 'that seat is taken' };
    const token = randomToken();
    this.seats[seat].tokenHash = hashToken(token);
    this.setup = {
      ...this.setup,
      players: this.setup.players.map((p, i) =>
        i === seat
          ? {
              ...p,
              name: uniqueName(
                name,
                this.setup.players.filter((_, j) => j !== seat).map((q) => q.name),
              ),
            }
          : p,
      ),
    };
    this.rebuildUnstarted();
    this.seatMember(seat, member);
    client.send(MSG.seated, { seat, token });
    this.maybeStart();
    this.persist();
    this.broadcast(MSG.record, this.recordMessage());
    this.broadcastStatus();
    return null;
  }

  private fill(payload: unknown): ErrorMessage | null {
    const read = readFill(payload);
    if (!read.ok) return read.error;
    if (this.saver.paused) return this.pausedError();
    if (!tokenMatches(read.value.hostToken, this.hostTokenHash))
      return { code: 'not-host', message: 'only the creator of the room can add bots' };
    if (this.started) return { code: 'seat-taken', message: 'the game has started' };
    const level: BotLevel = read.value.level;
    this.settings = {
      ...this.settings,
      seats: this.settings.seats.map((s, i) =>
        s.kind === 'open' && !this.seats[i].tokenHash ? { kind: 'bot', level } : s,
      ),
    };
    this.maybeStart();
    this.persist();
    this.broadcast(MSG.record, this.recordMessage());
    this.broadcastStatus();
    return null;
  }

  /** Why a member may not act now (watching, before the start, paused, over), or null. */
  private notInPlay(member: Member): ErrorMessage | null {
    if (member.seat === null)
      return { code: 'spectator', message: 'you are watching: take a seat to play' };
    if (!this.started)
      return { code: 'not-started', message: 'the game starts when every seat is taken' };
    if (this.saver.paused) return this.pausedError();
    this.advance(); // a flag may have fallen since the timer was set
    if (this.game.position.phase === OVER)
      return { code: 'game-over', message: 'the game is over' };
    return null;
  }

  private act(client: Client, payload: unknown): ErrorMessage | null {
    const read = readAct(payload);
    if (!read.ok) return read.error;
    const member = this.members.get(client.sessionId)!;
    const notInPlay = this.notInPlay(member);
    if (notInPlay) return notInPlay;
    const { action, ply } = read.value;
    if (isDrawAction(action)) return DRAW_BY_OFFER;
    if (SERVER_ONLY.test(action))
      return {
        code: 'wrong-seat',
        message: 'time-outs, absences, take-overs and returns are recorded by the server',
      };
    const mover = this.game.players[this.game.position.turn];
    if (mover.setupIndex !== member.seat || this.holders()[member.seat].kind !== 'human')
      return { code: 'not-your-turn', message: `it is ${mover.name}'s turn` };
    if (ply !== this.game.length)
      return {
        code: 'stale',
        message: `the game has moved on (${this.game.length} actions, yours was for ${ply})`,
      };
    const error = this.record(action);
    if (error) return error;
    this.unsaved.push({ client, length: this.game.length });
    this.advance();
    return null;
  }

  /** R7.2, R8.2: an offer, acceptance or refusal of a draw; drawn once every remaining player agrees. */
  private draw(client: Client, payload: unknown): ErrorMessage | null {
    const read = readDraw(payload);
    if (!read.ok) return read.error;
    const member = this.members.get(client.sessionId)!;
    const notInPlay = this.notInPlay(member);
    if (notInPlay) return notInPlay;
    const holders = this.holders();
    if (holders[member.seat!].kind !== 'human')
      return { code: 'wrong-seat', message: 'a bot plays your seat now' };
    if (read.value.ply !== this.game.length)
      return { code: 'stale', message: `the game has moved on (${this.game.length} actions)` };
    const bots = this.game.players.flatMap((p, i) =>
      holders[p.setupIndex].kind === 'bot' ? [i] : [],
    );
    const result = this.draws.answer(
      this.game,
      this.turnIndexOf(member.seat!),
      read.value.answer,
      bots,
    );
    if ('error' in result) return result.error;
    if (result.agreed) {
      const error = this.record(DRAW_TEXT);
      if (error) return error;
      this.advance();
    }
    this.broadcastStatus();
    return null;
  }

  // --- the record ------------------------------------------------------------------------

  /** Play an action on the record (a client's, a bot's or the server's own) and save it. */
  private record(text: string): ErrorMessage | null {
    const next = this.game.play(text);
    if (!next.ok) return { code: 'illegal', message: next.error.message };
    this.game = next.value;
    if (this.clocks) this.clocks = clocksAfter(this.clocks, this.game, this.clockTime());
    this.persist();
    return null;
  }

  /**
   * Do what the record now calls for: a fallen flag (R11.2), a returning player's `return`
   * on their turn, a bot seat's move. Each step records one action; the loop ends on a human's
   * turn, while a bot thinks, or at the end of the game.
   */
  private advance(): void {
    const { timers } = this.services;
    for (;;) {
      if (!this.started || this.disposed || this.saver.paused) return;
      timers.clearTimeout(this.flagTimer);
      this.flagTimer = null;
      if (this.game.position.phase === OVER) return;
      if (this.clocks) {
        const fall = flagFall(this.clocks, timers.now());
        if (fall.fallen !== null) {
          if (this.record(`timeout ${LABELS[fall.fallen]}`)) return;
          continue;
        }
        if (fall.fallsAt !== null)
          this.flagTimer = timers.setTimeout(() => {
            this.flagTimer = null;
            this.advance();
            this.broadcastStatus();
          }, fall.fallsAt - timers.now());
      }
      const p = this.game.position.turn;
      const seatIndex = this.game.players[p].setupIndex;
      const seat = this.seats[seatIndex];
      const holder = this.holders()[seatIndex];
      if (holder.kind !== 'bot') return;
      if (seat.wantsBack && seat.member) {
        seat.wantsBack = false;
        if (this.record(`return ${LABELS[p]}`)) return;
        this.broadcastStatus();
        continue;
      }
      this.askBot(holder.level);
      return;
    }
  }

  private askBot(level: BotLevel): void {
    const asked = this.game.length;
    if (this.botAsked === asked) return;
    this.botAsked = asked;
    const { bots, log } = this.services;
    // An answer that comes while the room is paused is dropped: it is asked again on resuming.
    const stillDue = () => !this.disposed && !this.saver.paused && this.game.length === asked;
    bots
      .think({
        room: this.roomId,
        setup: this.setup,
        actions: this.game.actions,
        level,
        seed: this.setup.seed,
      })
      .then((answer) => {
        if (!stillDue()) return;
        const error = this.record(answer.action);
        if (error) log(`room ${this.roomId}: the bot's ${answer.action}: ${error.message}`);
        this.advance();
      })
      .catch((e: Error) => {
        if (!stillDue()) return;
        // A bot that fails must not stall the game: it plays the first legal action.
        log(`room ${this.roomId}: the bot failed (${e.message}); playing a legal action`);
        this.record(this.game.actionText(this.game.legalActions()[0]));
        this.advance();
      });
  }

  /** Before the start the record has no actions: a claim renames a player in the setup. */
  private rebuildUnstarted(): void {
    const created = Game.create(this.setup);
    if (created.ok) this.game = created.value;
  }

  /** The game starts when every seat is filled (a person's claim or a bot). */
  private maybeStart(): void {
    if (this.started) return;
    if (this.settings.seats.some((s, i) => s.kind === 'open' && !this.seats[i].tokenHash)) return;
    this.started = true;
    if (this.settings.timeControl)
      this.clocks = startClocks(this.settings.timeControl, this.game, this.services.timers.now());
    this.advance();
  }

  /**
   * Save the room's state, then send the actions it holds beyond those sent: an action reaches
   * the players only once it is stored (saved, below).
   */
  private persist(): void {
    this.saver.save();
  }

  /** `snapshot` is stored: its actions not sent yet go to everyone; after a pause, play resumes. */
  private saved({ stored, game }: Snapshot, resumed: boolean): void {
    if (this.disposed) return;
    if (resumed) this.resume();
    const length = stored.actions.length;
    this.unsaved = this.unsaved.filter((u) => u.length > length);
    const fresh = length > this.sent;
    if (fresh) {
      const message: ActionsMessage = {
        from: this.sent,
        actions: stored.actions.slice(this.sent, length),
        hash: positionHash(game),
      };
      this.sent = length;
      this.broadcast(MSG.actions, message);
    }
    if (fresh || resumed) this.broadcastStatus();
    if (resumed) this.advance();
  }

  /**
   * A save failed (issue #48 item 4): nothing more is sent until one works (the saver retries).
   * The clocks stop, those whose actions wait are told, everyone sees the pause in the room's
   * status, and the room stays open without players until its record is saved.
   */
  private pause(error: Error): void {
    const { timers, log } = this.services;
    this.pausedAt = timers.now();
    timers.clearTimeout(this.flagTimer);
    this.flagTimer = null;
    this.autoDispose = false;
    log(`room ${this.roomId}: saving failed (${error.message}): the game is paused`);
    const waiting = new Set(this.unsaved.filter((u) => u.length > this.sent).map((u) => u.client));
    for (const client of waiting)
      this.refuse(
        client,
        'not-saved',
        'your move is not saved yet: saving failed and the game is paused; it is played once saving works again',
      );
    this.broadcastStatus();
  }

  /** Saving works again: the clocks go on from where they stood, a bot is asked again. */
  private resume(): void {
    const now = this.services.timers.now();
    if (this.clocks && this.pausedAt !== null)
      this.clocks = { ...this.clocks, since: this.clocks.since + (now - this.pausedAt) };
    this.pausedAt = null;
    this.botAsked = -1;
    this.autoDispose = true;
    this.services.log(`room ${this.roomId}: saved again: the game goes on`);
  }

  /** The time on the clocks: it stands still while the room is paused. */
  private clockTime(): number {
    return this.pausedAt ?? this.services.timers.now();
  }

  /** Resolves when every save begun so far has finished (tests, shutdown). */
  settled(): Promise<void> {
    return this.saver.settled();
  }

  private stored(): StoredGame {
    const now = this.services.timers.now();
    const clockTime = this.clockTime();
    return {
      format: STORED_FORMAT,
      version: STORED_VERSION,
      id: this.roomId,
      setup: this.setup,
      actions: [...this.game.actions],
      settings: this.settings,
      tokenHashes: this.seats.map((s) => s.tokenHash),
      hostTokenHash: this.hostTokenHash,
      started: this.started,
      remainingMs: this.clocks ? remainingAt(this.clocks, clockTime) : null,
      over: this.game.position.phase === OVER,
      savedAt: now,
    };
  }

  private recordMessage(): RecordMessage {
    const length = Math.min(this.sent, this.game.length);
    return {
      setup: this.setup,
      settings: this.settings,
      actions: this.game.actions.slice(0, length),
      hash: positionHash(length === this.game.length ? this.game : this.game.truncate(length)),
    };
  }

  private status(): RoomStatus {
    const holders = this.holders();
    const seats = this.seats.map((seat, i): SeatStatus => {
      const holder = holders[i];
      const open = this.settings.seats[i].kind === 'open' && !seat.tokenHash;
      const person = !open && holder.kind === 'human';
      return {
        seat: i,
        label: LABELS[this.turnIndexOf(i)],
        holder: open ? 'open' : holder.kind,
        level: holder.kind === 'bot' ? holder.level : null,
        connection:
          !seat.tokenHash || (!person && !seat.member && !seat.graceTimer)
            ? null
            : seat.member
              ? 'online'
              : seat.graceTimer
                ? 'reconnecting'
                : 'away',
        graceEndsAt: seat.graceEndsAt,
      };
    });
    const c = this.clocks;
    const paused = this.pausedAt !== null;
    return {
      started: this.started,
      seats,
      // While paused, the clocks as they stood, none running.
      clocks: c && {
        control: c.control,
        remainingMs: paused ? remainingAt(c, this.clockTime()) : [...c.remainingMs],
        running: paused ? null : c.running,
        since: paused ? this.clockTime() : c.since,
      },
      paused,
      drawOffer: this.draws.status(this.game),
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
