/**
 * The online protocol (issue #14): what a browser and the game server say to each other about a
 * room. The server is authoritative: a client sends an action's text, the room checks it with
 * the rules core for the seat that sent it, appends it to the record (RULES R10.1: setup +
 * actions) and sends it to everyone; clients play accepted actions through their own core and
 * compare the position hash with the room's (on a mismatch they ask for the whole record).
 *
 * Transport: Colyseus 0.16 rooms (colyseus.js on the client) with plain messages, no schema
 * state. The room type is ROOM_NAME. A room is never listed: it is reached by its id only.
 *
 *   create:  client.create(ROOM_NAME, { setup: RoomSetup })                 → a new room
 *   join:    client.joinById(roomId, { token? })                            → spectator, or seated by token
 *   resume:  client.create(ROOM_NAME, { resume: roomId, token? })           → after a server restart:
 *            the room is recreated from its stored record (when joinById says "not found")
 *   rejoin:  client.reconnect(room.reconnectionToken)                       → within the grace period
 *
 * Then client → server messages (Colyseus `room.send(type, payload)`), each answered only by its
 * effect or by an ERROR to that client:
 *
 *   MSG.claim   ClaimMessage   take an open seat with a name → MSG.seated (the seat's token)
 *   MSG.act     ActMessage     play an action for one's own seat, on the record of `ply` actions
 *   MSG.fill    FillMessage    the creator fills the open seats with bots (host token)
 *   MSG.resync  (no payload)   ask for the whole record again → MSG.record
 *   MSG.botVote BotVoteMessage at a public table after its wait, the bot level for the empty
 *                              seats (pairing.ts)
 *   MSG.draw    DrawMessage    offer a draw, or accept or decline the standing offer (R7.2, R8.2:
 *                              the game is drawn once every remaining player accepted; the
 *                              offer lapses when another action is played)
 *
 * and server → client:
 *
 *   MSG.welcome  WelcomeMessage  on joining: the room id, one's seat (or null), the host token;
 *                                again with seat null when a newer connection took the seat by its
 *                                token (another tab): this one watches now
 *   MSG.seated   SeatedMessage   a claim succeeded: the seat and its token (keep it: it is the seat)
 *   MSG.record   RecordMessage   the whole record: setup, room settings, actions, position hash
 *   MSG.actions  ActionsMessage  accepted actions appended to the record, with the new hash
 *   MSG.room     RoomStatus      seats (who, connected or reconnecting), started, clocks, and
 *                                whether the room is paused because saving failed
 *   MSG.error    ErrorMessage    what went wrong with this client's last message (code + words)
 *   MSG.closing  ClosingMessage  the server process is shutting down: its connection closes next
 *                                (code CLOSE_RESTART) and the client rejoins (join, else resume),
 *                                reaching a living process that reopens the room from its record
 */
import type { BotLevel, GameSetup, Options, TimeControl } from '../core';

/** The Colyseus room type of a game. */
export const ROOM_NAME = 'ndchess';

/** Message types, client → server and server → client. */
export const MSG = {
  claim: 'claim',
  act: 'act',
  fill: 'fill',
  resync: 'resync',
  draw: 'draw',
  botVote: 'botVote',
  welcome: 'welcome',
  seated: 'seated',
  record: 'record',
  actions: 'actions',
  room: 'room',
  error: 'error',
  closing: 'closing',
} as const;

/** The WebSocket close code of a process shutting down: rejoin (after MSG.closing). */
export const CLOSE_RESTART = 4100;

export type ClientMessageType =
  | typeof MSG.claim
  | typeof MSG.act
  | typeof MSG.fill
  | typeof MSG.resync
  | typeof MSG.draw
  | typeof MSG.botVote;

/** Size caps and rates (the server enforces them; a client can check before sending). */
export const LIMITS = {
  /** A player's name, in characters (after trimming). */
  name: 24,
  /** A client message's payload as JSON, in characters. */
  message: 4096,
  /** An action's text, in characters. */
  action: 64,
  /** A seat token or host token, in characters. */
  token: 64,
  /** Messages per second a client may send on average, and in one burst. */
  ratePerSecond: 10,
  burst: 20,
  /** Connections of a room without a seat (watchers, and joiners before they claim one). */
  spectators: 48,
  /** Connections of a room without a seat from one address (its seated players' are not counted). */
  perAddress: 12,
  /**
   * Connections from one address to all the rooms of a process, seated players' counted too; a
   * seat's token is never refused by this.
   */
  addressConnections: 48,
  /** Rooms one address may create a second on average, and in one burst. */
  createsPerSecond: 0.5,
  createBurst: 6,
  /** Joins (and rejoins) one address may make a second on average, and in one burst. */
  joinsPerSecond: 5,
  joinBurst: 30,
  /** Joins and leaves are told to a room's clients at most once in this many ms. */
  presenceMs: 250,
  /** The grace period of a lost connection, in ms. */
  graceMinMs: 5_000,
  graceMaxMs: 30 * 60_000,
} as const;

/** The grace period when the creator does not choose one. */
export const DEFAULT_GRACE_MS = 60_000;

/** How each seat starts: open for a person to claim, or a bot of a level. */
export type SeatSetup = { kind: 'open' } | { kind: 'bot'; level: BotLevel };

/** What happens to a seat whose player stays away past the grace period (R11.3). */
export type AfterGrace = { kind: 'bot'; level: BotLevel } | { kind: 'eliminate' };

/** How placement is offered (as on the setup screen): by hand, or auto-place for the player. */
export type PlacementMode = 'hand' | 'balanced' | 'random';

/** The room a creator asks for: the setup screen's choices, without the seed (the server draws it). */
export interface RoomSetup {
  /** In the order entered (setup order), 2–8; turn order is drawn from the server's seed. */
  players: { name: string; colour: string }[];
  /** One per player, same order. */
  seats: SeatSetup[];
  options: Partial<Options>;
  placement: PlacementMode;
  /** Base and increment in ms (R11.1), or null for no clocks. */
  timeControl: TimeControl | null;
  graceMs: number;
  afterGrace: AfterGrace;
}

/** Join options. */
export interface CreateOptions {
  setup: RoomSetup;
}
export interface JoinOptions {
  /** A seat token from MSG.seated: takes that seat back (after a reload or a restart). */
  token?: string;
}
export interface ResumeOptions extends JoinOptions {
  /** The id of an unfinished stored game to recreate. */
  resume: string;
}

/** Client → server payloads. */
export interface ClaimMessage {
  /** The seat's index in setup order. */
  seat: number;
  name: string;
}
export interface ActMessage {
  /** The action's text (R10.2), as makeAction writes it. */
  action: string;
  /** How many actions the record had when the client chose it: a stale action is refused. */
  ply: number;
}
export type DrawAnswer = 'offer' | 'accept' | 'decline';
export interface DrawMessage {
  answer: DrawAnswer;
  /** The record's length the client answers on: an offer belongs to one position. */
  ply: number;
}
export interface FillMessage {
  level: BotLevel;
  hostToken: string;
}

/** The room's settings as the record carries them (RoomSetup without names and colours). */
export interface RoomSettings {
  seats: SeatSetup[];
  placement: PlacementMode;
  timeControl: TimeControl | null;
  graceMs: number;
  afterGrace: AfterGrace;
}

/** Server → client payloads. */
export interface WelcomeMessage {
  roomId: string;
  /** The seat this client holds (setup order), or null: a spectator until it claims one. */
  seat: number | null;
  /** Only to the creator: lets them fill open seats with bots (MSG.fill). */
  hostToken?: string;
}
export interface SeatedMessage {
  seat: number;
  /** Keep it (e.g. in the browser's storage): it takes the seat back after a reload. */
  token: string;
}
export interface RecordMessage {
  /** The core setup with the server's seed; names are the claimants' once seats are claimed. */
  setup: GameSetup;
  settings: RoomSettings;
  actions: string[];
  /** positionHash of the position after the actions. */
  hash: string;
}
export interface ActionsMessage {
  /** How many actions the record had before these. */
  from: number;
  actions: string[];
  /** positionHash after them: a client whose own hash differs sends MSG.resync. */
  hash: string;
}

/** A seat as others see it. */
export interface SeatStatus {
  /** Index in setup order. */
  seat: number;
  /** The player's label in turn order (A, B, …). */
  label: string;
  /** Who holds it now: nobody yet, a person, or a bot (from the start or by take-over). */
  holder: 'open' | 'human' | 'bot';
  level: BotLevel | null;
  /** A person's connection: online, reconnecting (within the grace period), or away (after it). */
  connection: 'online' | 'reconnecting' | 'away' | null;
  /** When the grace period ends (server time, ms), while reconnecting. */
  graceEndsAt: number | null;
}

/** The clocks (R11.1) as the server keeps them; remaining times are at `since` (server time). */
export interface ClockStatus {
  control: TimeControl;
  /** Per player in turn order, at `since`. */
  remainingMs: number[];
  /** The running clock's player (turn order), or null. */
  running: number | null;
  since: number;
}

export interface RoomStatus {
  /** The game has started (every seat filled). */
  started: boolean;
  seats: SeatStatus[];
  clocks: ClockStatus | null;
  /**
   * Saving the record failed: the room takes no action and sends none until a save works again
   * (it retries); the clocks stand still meanwhile.
   */
  paused: boolean;
  /** The draw offer standing in the current position (seats in setup order), or null. */
  drawOffer: DrawOfferStatus | null;
  /** The finished game's permanent replay id (replay.ts), once it is kept; absent before. */
  replay?: string;
  /** A public table's wait (quick pairing, pairing.ts), or null for a private room. */
  pairing: PairingStatus | null;
  /** The server's time when sent (ms), to place `since` and `graceEndsAt` on the client's clock. */
  serverTime: number;
}

/** A public table's wait as its room status carries it (quick pairing, pairing.ts). */
export interface PairingStatus {
  /** When the table opened (server time, ms). */
  openedAt: number;
  /** From when its players may start with bots (server time, ms). */
  botsFrom: number;
  /** Per seat (setup order): when its person sat down (server time), or null. */
  seatedAt: (number | null)[];
  /** Per seat: the bot level its person chose, or null. */
  votes: (BotLevel | null)[];
}

/** A draw offer as the room shows it: it lapses when another action is played. */
export interface DrawOfferStatus {
  /** The seat that offered. */
  by: number;
  /** The seats that accepted (the offerer first). */
  accepted: number[];
  /** The seats of the remaining players who have not answered yet (none once declined). */
  waitingFor: number[];
  /** The seat that declined (the offer is over), or null. */
  declinedBy: number | null;
  /** The room's bots' answers, each with how the bot judged its standing (its reason). */
  botAnswers: DrawBotAnswer[];
}

/** A bot's answer to a draw offer: a bot behind accepts, one level or ahead declines. */
export interface DrawBotAnswer {
  seat: number;
  accept: boolean;
  standing: 'behind' | 'level' | 'ahead';
}

/** A message or field read from untrusted input (validate.ts): its value, or what is wrong. */
export type Read<T> = { ok: true; value: T } | { ok: false; error: ErrorMessage };

export type ErrorCode =
  | 'malformed'
  | 'too-large'
  | 'rate-limited'
  | 'unknown-message'
  | 'spectator'
  | 'not-your-turn'
  | 'wrong-seat'
  | 'stale'
  | 'illegal'
  | 'not-started'
  | 'game-over'
  | 'bad-seat'
  | 'seat-taken'
  | 'already-seated'
  | 'bad-name'
  | 'not-host'
  /** Refused while the room is paused (saving failed). */
  | 'paused'
  /** A draw is agreed through MSG.draw offers only; or that draw message does not apply now. */
  | 'draw-offer'
  /** One's action is accepted but not saved: it is sent to everyone once it is. */
  | 'not-saved'
  /** A rematch message that does not apply now (the game goes on, the rematch has begun). */
  | 'rematch'
  /** A pairing request for a format no table can have (pairing.ts). */
  | 'bad-format'
  /** A bot vote where there is no wait to end (a private room, a started game, too early). */
  | 'not-waiting';

export interface ClosingMessage {
  /** Why: the process restarts or stops (a deployment); the game is saved and goes on elsewhere. */
  reason: 'restart';
}

export interface ErrorMessage {
  code: ErrorCode;
  /** Plain words for the player. */
  message: string;
}
