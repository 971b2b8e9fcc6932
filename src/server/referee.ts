/**
 * A game's referee (issue 46 item 5), with no connection in it: it holds the record (R10.1),
 * takes actions from a seat, a bot or a time-out and says whether each is accepted (and why
 * not), runs the clocks (R11.1–2, one timer for the next flag fall) on the injected timers,
 * asks the bot pool for the bot seats' actions, and saves the record after each change through
 * the Saver. What is to be sent, and when, it tells its room through RefereeEvents.
 */
import {
  DRAW_TEXT,
  Game,
  LABELS,
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
  positionHash,
  uniqueName,
  type ActionsMessage,
  type DrawAnswer,
  type ErrorMessage,
  type RecordMessage,
  type RoomSettings,
  type RoomStatus,
} from '../net';
import type { Archiver } from './archive';
import type { BotPlayer } from './bots';
import { DRAW_BY_OFFER, RoomDraw, isDrawAction } from './roomDraw';
import { keepReplay, replayIdOf } from './replays';
import { Saver } from './saver';
import { STORED_FORMAT, STORED_VERSION, type RecordStore, type StoredGame } from './store';
import type { Timers } from './timers';

/** What a referee needs from the process: where records go, who plays bots, the time, a log. */
export interface RefereeServices {
  store: RecordStore;
  bots: BotPlayer;
  timers: Timers;
  log: (message: string) => void;
  /** Where finished games are archived (archive.ts); none: not archived (tests). */
  archive?: Pick<Archiver, 'finished'>;
}

/** What the referee tells its room (the room sends it on to the clients). */
export interface RefereeEvents {
  /** Actions are stored: send them to everyone. */
  saved(message: ActionsMessage): void;
  /** The room's status changed (a flag fell, a player returned, a pause ended). */
  statusChanged(): void;
  /** A save failed: the game is paused; `waiting` sent the actions not saved yet. */
  paused(waiting: readonly unknown[]): void;
  /** Saving works again: the game goes on. */
  resumed(): void;
  /** The seats' token hashes (setup order), stored with the record; null: not claimed. */
  tokenHashes(): (string | null)[];
  /**
   * Whether the person of seat i, back while a bot holds it, takes it now (called on that
   * seat's turn): the referee then records their `return`.
   */
  takesSeatBack(seat: number): boolean;
}

/** A game as the referee starts from: a new room's (no actions) or a stored one's. */
export interface RefereeStart {
  id: string;
  setup: GameSetup;
  settings: RoomSettings;
  game: Game;
  hostTokenHash: string;
  /** The known player of each seat (setup order), or null. */
  playerIds: readonly (string | null)[];
  started: boolean;
  /** The clocks as saved (turn order), or null: they start when the game does. */
  remainingMs: readonly number[] | null;
}

const SERVER_ONLY = /^\s*(timeout|absent|bot|return)\b/;

/** What a save writes, with the game it is of (the actions it stores are sent once it is done). */
interface Snapshot {
  stored: StoredGame;
  game: Game;
}

export class Referee {
  readonly id: string;
  readonly hostTokenHash: string;
  private _setup: GameSetup;
  private _settings: RoomSettings;
  private _game: Game;
  private _playerIds: (string | null)[];
  private _started: boolean;
  private clocks: Clocks | null = null;
  private flagTimer: unknown = null;
  /** The record length for which a bot was asked (one request at a time). */
  private botAsked = -1;
  private halted = false;
  /** Saves run one after another; accepted actions are sent once saved. */
  private readonly saver: Saver<Snapshot>;
  /** Since when the game is paused (a save failed), or null: the clocks stand still meanwhile. */
  private pausedAt: number | null = null;
  /** Who sent the actions not saved yet, and the record's length after each. */
  private unsaved: { sender: unknown; length: number }[] = [];
  /** How many actions were sent to the players (all stored). */
  private sent: number;
  private readonly draws = new RoomDraw();

  constructor(
    start: RefereeStart,
    private readonly services: RefereeServices,
    private readonly events: RefereeEvents,
  ) {
    this.id = start.id;
    this._setup = start.setup;
    this._settings = start.settings;
    this._game = start.game;
    this.hostTokenHash = start.hostTokenHash;
    this._playerIds = [...start.playerIds];
    this._started = start.started;
    this.sent = start.game.length;
    const control = start.settings.timeControl;
    if (start.started && control && start.remainingMs)
      this.clocks = {
        ...startClocks(control, start.game, services.timers.now()),
        remainingMs: start.remainingMs,
      };
    this.saver = new Saver<Snapshot>(
      {
        take: () => ({ stored: this.stored(), game: this._game }),
        write: async ({ stored, game }) => {
          await this.services.store.save(stored);
          await keepReplay(this.services.store, stored, game);
          // Into the archive's outbox with the record; the database is written in the background.
          if (stored.over) await this.services.archive?.finished(stored, game);
        },
        saved: (snapshot, resumed) => this.saved(snapshot, resumed),
        failed: (error) => this.pause(error),
      },
      services.timers,
    );
  }

  get game(): Game {
    return this._game;
  }
  get setup(): GameSetup {
    return this._setup;
  }
  get settings(): RoomSettings {
    return this._settings;
  }
  get started(): boolean {
    return this._started;
  }
  /** A save failed and none has worked since: the game takes no claim, fill or action. */
  get paused(): boolean {
    return this.saver.paused;
  }

  /** The error for a claim, fill or action while paused, or null. */
  pausedError(): ErrorMessage | null {
    return this.saver.paused
      ? {
          code: 'paused',
          message: 'saving failed, the game is paused: it goes on once saving works again',
        }
      : null;
  }

  /** Who holds each seat now (setup order): the initial seats with the record's take-overs. */
  holders(): SavedSeat[] {
    const initial = this._settings.seats.map((s): SavedSeat =>
      s.kind === 'bot' ? { kind: 'bot', level: s.level } : { kind: 'human' },
    );
    return seatHoldersAt(this._game, this._game.length, initial);
  }

  turnIndexOf(seat: number): number {
    return this._game.players.findIndex((p) => p.setupIndex === seat);
  }

  get playerIds(): readonly (string | null)[] {
    return this._playerIds;
  }

  /** Before the start, seat i is taken by the known player `id`, or by no one known (null). */
  seatPlayer(seat: number, id: string | null): void {
    this._playerIds = this._playerIds.map((p, i) => (i === seat ? id : p));
  }

  /** Before the start, seat i's player is named (unique among the players). */
  name(seat: number, name: string): void {
    this._setup = {
      ...this._setup,
      players: this._setup.players.map((p, i) =>
        i === seat
          ? {
              ...p,
              name: uniqueName(
                name,
                this._setup.players.filter((_, j) => j !== seat).map((q) => q.name),
              ),
            }
          : p,
      ),
    };
    // Before the start the record has no actions: the game is made again from the setup.
    const created = Game.create(this._setup);
    if (created.ok) this._game = created.value;
  }

  /** Before the start, bots of `level` take every open seat nobody claimed. */
  fillWithBots(level: BotLevel): void {
    const hashes = this.events.tokenHashes();
    this._settings = {
      ...this._settings,
      seats: this._settings.seats.map((s, i) =>
        s.kind === 'open' && !hashes[i] ? { kind: 'bot', level } : s,
      ),
    };
  }

  /** The game starts when every seat is filled (a person's claim or a bot). */
  maybeStart(): void {
    if (this._started) return;
    const hashes = this.events.tokenHashes();
    if (this._settings.seats.some((s, i) => s.kind === 'open' && !hashes[i])) return;
    this._started = true;
    if (this._settings.timeControl)
      this.clocks = startClocks(this._settings.timeControl, this._game, this.services.timers.now());
    this.advance();
  }

  /** Why no seat may act now (before the start, paused, over), or null. */
  private notInPlay(): ErrorMessage | null {
    if (!this._started)
      return { code: 'not-started', message: 'the game starts when every seat is taken' };
    if (this.saver.paused) return this.pausedError();
    this.advance(); // a flag may have fallen since the timer was set
    if (this._game.position.phase === OVER)
      return { code: 'game-over', message: 'the game is over' };
    return null;
  }

  /**
   * Seat `seat`'s action for the record's length `ply`, from `sender` (told if saving fails
   * before it is stored): null when accepted, else why it is refused.
   */
  act(seat: number, action: string, ply: number, sender: unknown): ErrorMessage | null {
    const notInPlay = this.notInPlay();
    if (notInPlay) return notInPlay;
    if (isDrawAction(action)) return DRAW_BY_OFFER;
    if (SERVER_ONLY.test(action))
      return {
        code: 'wrong-seat',
        message: 'time-outs, absences, take-overs and returns are recorded by the server',
      };
    const mover = this._game.players[this._game.position.turn];
    if (mover.setupIndex !== seat || this.holders()[seat].kind !== 'human')
      return { code: 'not-your-turn', message: `it is ${mover.name}'s turn` };
    if (ply !== this._game.length)
      return {
        code: 'stale',
        message: `the game has moved on (${this._game.length} actions, yours was for ${ply})`,
      };
    const error = this.record(action);
    if (error) return error;
    this.unsaved.push({ sender, length: this._game.length });
    this.advance();
    return null;
  }

  /** R7.2, R8.2: an offer, acceptance or refusal of a draw; drawn once every remaining player agrees. */
  draw(seat: number, answer: DrawAnswer, ply: number): ErrorMessage | null {
    const notInPlay = this.notInPlay();
    if (notInPlay) return notInPlay;
    const holders = this.holders();
    if (holders[seat].kind !== 'human')
      return { code: 'wrong-seat', message: 'a bot plays your seat now' };
    if (ply !== this._game.length)
      return { code: 'stale', message: `the game has moved on (${this._game.length} actions)` };
    const bots = this._game.players.flatMap((p, i) =>
      holders[p.setupIndex].kind === 'bot' ? [i] : [],
    );
    const result = this.draws.answer(this._game, this.turnIndexOf(seat), answer, bots);
    if ('error' in result) return result.error;
    if (result.agreed) {
      const error = this.record(DRAW_TEXT);
      if (error) return error;
      this.advance();
    }
    this.events.statusChanged();
    return null;
  }

  /**
   * R11.3: the grace period of seat i ran out while its person held it in play: the room's
   * setting decides (a bot takes over, or the player is absent).
   */
  graceOver(seat: number): void {
    if (!this._started || this._game.position.phase === OVER) return;
    const p = this.turnIndexOf(seat);
    const inGame = this._game.status().players[p].state === 'active';
    if (!inGame || this.holders()[seat].kind !== 'human') return;
    const policy = this._settings.afterGrace;
    const label = LABELS[p];
    this.record(policy.kind === 'bot' ? `bot ${label} ${policy.level}` : `absent ${label}`);
    this.advance();
  }

  /** Play an action on the record (a client's, a bot's or the server's own) and save it. */
  private record(text: string): ErrorMessage | null {
    const next = this._game.play(text);
    if (!next.ok) return { code: 'illegal', message: next.error.message };
    this._game = next.value;
    if (this.clocks) this.clocks = clocksAfter(this.clocks, this._game, this.clockTime());
    this.persist();
    return null;
  }

  /**
   * Do what the record now calls for: a fallen flag (R11.2), a returning player's `return`
   * on their turn, a bot seat's move. Each step records one action; the loop ends on a human's
   * turn, while a bot thinks, or at the end of the game.
   */
  advance(): void {
    const { timers } = this.services;
    for (;;) {
      if (!this._started || this.halted || this.saver.paused) return;
      timers.clearTimeout(this.flagTimer);
      this.flagTimer = null;
      if (this._game.position.phase === OVER) return;
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
            this.events.statusChanged();
          }, fall.fallsAt - timers.now());
      }
      const p = this._game.position.turn;
      const seatIndex = this._game.players[p].setupIndex;
      const holder = this.holders()[seatIndex];
      if (holder.kind !== 'bot') return;
      if (this.events.takesSeatBack(seatIndex)) {
        if (this.record(`return ${LABELS[p]}`)) return;
        this.events.statusChanged();
        continue;
      }
      this.askBot(holder.level);
      return;
    }
  }

  private askBot(level: BotLevel): void {
    const asked = this._game.length;
    if (this.botAsked === asked) return;
    this.botAsked = asked;
    const { bots, log } = this.services;
    // An answer that comes while the game is paused is dropped: it is asked again on resuming.
    const stillDue = () => !this.halted && !this.saver.paused && this._game.length === asked;
    bots
      .think({
        room: this.id,
        setup: this._setup,
        actions: this._game.actions,
        level,
        seed: this._setup.seed,
      })
      .then((answer) => {
        if (!stillDue()) return;
        const error = this.record(answer.action);
        if (error) log(`room ${this.id}: the bot's ${answer.action}: ${error.message}`);
        this.advance();
      })
      .catch((e: Error) => {
        if (!stillDue()) return;
        // A bot that fails must not stall the game: it plays the first legal action.
        log(`room ${this.id}: the bot failed (${e.message}); playing a legal action`);
        this.record(this._game.actionText(this._game.legalActions()[0]));
        this.advance();
      });
  }

  /**
   * Save the game's state, then send the actions it holds beyond those sent: an action reaches
   * the players only once it is stored (saved, below).
   */
  persist(): void {
    this.saver.save();
  }

  /** Resolves when every save begun so far has finished (tests, shutdown). */
  settled(): Promise<void> {
    return this.saver.settled();
  }

  /** No more actions, time-outs, bot moves or retried saves. */
  halt(): void {
    this.halted = true;
    this.saver.stop();
    if (this.saver.paused && this._game.length > this.sent)
      this.services.log(
        `room ${this.id}: closed while saving failed: its last ${this._game.length - this.sent} actions are lost`,
      );
    this.services.timers.clearTimeout(this.flagTimer);
  }

  /** `snapshot` is stored: its actions not sent yet go to everyone; after a pause, play resumes. */
  private saved({ stored, game }: Snapshot, resumed: boolean): void {
    if (this.halted) return;
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
      this.events.saved(message);
    }
    if (fresh || resumed) this.events.statusChanged();
    if (resumed) this.advance();
  }

  /**
   * A save failed (issue #48 item 4): nothing more is sent until one works (the saver retries).
   * The clocks stop, and those whose actions wait are told.
   */
  private pause(error: Error): void {
    const { timers, log } = this.services;
    this.pausedAt = timers.now();
    timers.clearTimeout(this.flagTimer);
    this.flagTimer = null;
    log(`room ${this.id}: saving failed (${error.message}): the game is paused`);
    const waiting = new Set(this.unsaved.filter((u) => u.length > this.sent).map((u) => u.sender));
    this.events.paused([...waiting]);
  }

  /** Saving works again: the clocks go on from where they stood, a bot is asked again. */
  private resume(): void {
    const now = this.services.timers.now();
    if (this.clocks && this.pausedAt !== null)
      this.clocks = { ...this.clocks, since: this.clocks.since + (now - this.pausedAt) };
    this.pausedAt = null;
    this.botAsked = -1;
    this.events.resumed();
    this.services.log(`room ${this.id}: saved again: the game goes on`);
  }

  /** The time on the clocks: it stands still while the game is paused. */
  private clockTime(): number {
    return this.pausedAt ?? this.services.timers.now();
  }

  private stored(): StoredGame {
    return {
      format: STORED_FORMAT,
      version: STORED_VERSION,
      id: this.id,
      setup: this._setup,
      actions: [...this._game.actions],
      settings: this._settings,
      tokenHashes: this.events.tokenHashes(),
      playerIds: [...this._playerIds],
      hostTokenHash: this.hostTokenHash,
      started: this._started,
      remainingMs: this.clocks ? remainingAt(this.clocks, this.clockTime()) : null,
      over: this._game.position.phase === OVER,
      savedAt: this.services.timers.now(),
    };
  }

  /** The record as sent to a client: the stored actions only. */
  recordMessage(): RecordMessage {
    const length = Math.min(this.sent, this._game.length);
    return {
      setup: this._setup,
      settings: this._settings,
      actions: this._game.actions.slice(0, length),
      hash: positionHash(length === this._game.length ? this._game : this._game.truncate(length)),
    };
  }

  /** The game's part of the room's status: the clocks, the pause, the draw offer. */
  gameStatus(): Pick<RoomStatus, 'started' | 'clocks' | 'paused' | 'drawOffer' | 'replay'> {
    const c = this.clocks;
    const paused = this.pausedAt !== null;
    return {
      started: this._started,
      // While paused, the clocks as they stood, none running.
      clocks: c && {
        control: c.control,
        remainingMs: paused ? remainingAt(c, this.clockTime()) : [...c.remainingMs],
        running: paused ? null : c.running,
        since: paused ? this.clockTime() : c.since,
      },
      paused,
      drawOffer: this.draws.status(this._game),
      // Once the end is stored (and with it the replay), the players may share its link.
      ...(this._game.position.phase === OVER &&
        this.sent === this._game.length && { replay: replayIdOf(this.id, this.hostTokenHash) }),
    };
  }
}
