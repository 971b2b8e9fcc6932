/**
 * Bot seats, driven from outside the store: the app connects a driver to the store as a
 * subscriber (src/app/main.tsx); importing this module starts nothing. Whenever the player to
 * move at the end of the record (not while browsing history) is a bot seat and the game is not
 * over, the driver asks the bot client (a search in a Web Worker, src/ai/client.ts) and plays
 * the answer through the store's play(), as a click would (animation, announcement). Placements,
 * Cowardly flights and every move of a Hyperspace turn are asked for the same way: the driver
 * asks again while a bot is to move. While the end dialog tells this device's humans that they
 * are all out ('out', humansOut.ts), the bots wait for them to choose to watch.
 *
 * Any change of the record or the cursor (undo, new game, history, import) or of the seats
 * (a demo handing a seat to a human) stops the search in progress (client.cancel()), and so
 * does leaving the page. Moves are paced: a minimum gap after the last change of position,
 * then the scene's animation is let finish. A pacer (the demo's director) may change the gaps,
 * hold the bots, and take time before a move is played (to move the camera first).
 */
import { createBotClient, type BotClient } from '../ai/client';
import type { BotAnswer } from '../ai/protocol';
import { gameRequest } from '../ai/request';
import { OVER, parseAction, type Game } from '../core';
import { seatLevel, type BotLevel, type GameConfig } from '../store/config';
import { workerDriver } from './workerDriver';

/** How a bot found its action: the player list shows it, the tests read it. */
export interface BotThought extends Omit<BotAnswer, 'action' | 'score'> {
  label: string;
  level: BotLevel;
  /** The record's length with the bot's action (shown while the cursor is at or after it). */
  at: number;
}

/** What the driver needs of the store's state. */
export interface BotStoreState {
  screen: string;
  config: GameConfig;
  game: Game | null;
  cursor: number;
  /** Label of the bot thinking now (the player list shows it). */
  thinking: string | null;
  /** How the last bot action played was found. */
  lastThought: BotThought | null;
  notice: { kind: 'error' | 'info'; text: string } | null;
  /** A tutorial lesson is shown: its opponents' moves are scripted, never the bots'. */
  lesson?: unknown;
  /** A game opened from a link (read-only): its bots do not play on. */
  openedFrom?: unknown;
  /** An online room's game (its bots play on the server): null or absent for a game here. */
  online?: object | null;
  /** The analysis board is open: bots do not move in it, nor in the game meanwhile. */
  analysis?: object | null;
  /** The dialog shown: 'out' (this device's humans all out, humansOut.ts) holds the bots. */
  dialog?: string | null;
  play(action: number): boolean;
}

export interface BotStore<S extends BotStoreState> {
  getState(): S;
  setState(patch: Partial<S>): void;
  subscribe(listener: (state: S, prev: S) => void): () => void;
}

export interface BotPacer {
  /** Bots wait while this is true. */
  paused(): boolean;
  /** Milliseconds after the last change of position before the next bot action is played. */
  gap(game: Game): number;
  /** Whether to let the scene's animations finish too before playing. */
  waitIdle(game: Game): boolean;
  /** The bot chose `text` in `game`: milliseconds to wait before it is played (0: at once). */
  lead(game: Game, text: string): number;
}

/**
 * The pacing of an ordinary game: a short pause between bot moves, so that they can be followed
 * (shorter when the player asks for reduced motion).
 */
export function defaultPacer(reducedMotion: () => boolean = () => false): BotPacer {
  return {
    paused: () => false,
    gap: (game) => (game.position.phase === OVER ? 0 : reducedMotion() ? 100 : 250),
    waitIdle: () => true,
    lead: () => 0,
  };
}

/** The longest the driver waits for the scene to come to rest (a hidden tab draws no frames). */
const IDLE_CAP_MS = 4000;

/** What a driver is connected to besides its store. */
export interface BotDriverOptions {
  /** Makes the bot client (default: a Web Worker); tests put in one that answers in-process. */
  createClient?: () => BotClient;
  /** Is the scene still animating? (default: never) */
  busy?: () => boolean;
  /** The pacing of bot moves when no other is set (default: defaultPacer()). */
  pacer?: BotPacer;
}

/**
 * The bot level of the player to move after the first `at` actions (null: a human, or the game
 * is over): the config's seat, or the bot that took it by a record action (R11.3).
 */
export function botToMove(
  game: Game | null,
  config: GameConfig,
  at = game?.length ?? 0,
): BotLevel | null {
  if (!game) return null;
  const pos = game.positionAt(at);
  if (pos.phase === OVER) return null;
  return seatLevel(game, config, pos.turn, at);
}

/**
 * Whether the game has both kinds of seat, at the start or at its end (a bot took a seat):
 * undo then goes back to the last human decision.
 */
export function mixedSeats(game: Game, config: GameConfig): boolean {
  const kinds = new Set(
    game.players.flatMap((_, p) => [
      seatLevel(game, config, p, 0) ? 1 : 0,
      seatLevel(game, config, p) ? 1 : 0,
    ]),
  );
  return kinds.size === 2;
}

export interface BotDriver {
  /** Look at the store again (after the pacer's pause or gaps changed). */
  update(): void;
  /** Stop the search in progress, if any. */
  cancel(): void;
  /** Pace the bots with `pacer` (the demo's director), or again with the default one (null). */
  setPacer(pacer: BotPacer | null): void;
  /** Stop driving: no more searches, the store is left alone. */
  disconnect(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Drive the bot seats of a store; returns the driver (one per store). */
export function driveBots<S extends BotStoreState>(
  store: BotStore<S>,
  options: BotDriverOptions = {},
): BotDriver {
  const busy = options.busy ?? (() => false);
  const basePacer = options.pacer ?? defaultPacer();
  let pacerSet: BotPacer | null = null;
  type Wanted = { game: Game; label: string; level: BotLevel; thinkMs?: number };
  /** The job in hand: the bot's action wanted (one Wanted per start, so stale answers drop). */
  const worker = workerDriver<BotClient, Wanted>(options.createClient ?? (() => createBotClient()));
  let changedAt = now();
  let seen: { game: Game | null; cursor: number } = { game: null, cursor: -1 };
  /** A position in which the bot failed: not asked again. */
  let failed: Game | null = null;
  let updating = false;
  let again = false;

  const pacer = () => pacerSet ?? basePacer;

  const wanted = (s: S): Wanted | null => {
    // While the end dialog tells the humans they are out, the bots wait for them to watch.
    const elsewhere = s.online || s.lesson || s.analysis || s.openedFrom || s.dialog === 'out';
    if (s.screen !== 'game' || elsewhere || !s.game || s.cursor !== s.game.length) return null;
    const level = botToMove(s.game, s.config);
    if (level === null || pacer().paused() || s.game === failed) return null;
    const label = s.game.players[s.game.position.turn].label;
    return { game: s.game, label, level, thinkMs: s.config.thinkMs };
  };

  const start = (want: Wanted) => {
    worker.start(want);
    const current = () => worker.current(want);
    worker.ask(
      want,
      (client) =>
        client.think({
          ...gameRequest(want.game),
          level: want.level,
          seed: want.game.setup.seed,
          thinkMs: want.thinkMs,
        }),
      async (answer) => {
        const text = answer.action;
        // Pace: the gap after the last change, the scene at rest, then the pacer's lead.
        for (;;) {
          if (!current()) return;
          const t = now() - changedAt;
          const p = pacer();
          const gap = p.gap(want.game);
          const idle = !p.waitIdle(want.game) || !busy() || t > gap + IDLE_CAP_MS;
          if (t >= gap && idle) break;
          await sleep(Math.max(10, Math.min(50, gap - t)));
        }
        const lead = pacer().lead(want.game, text);
        if (lead > 0) await sleep(lead);
        if (!current()) return;
        const s = store.getState();
        if (s.game !== want.game || s.cursor !== want.game.length) return;
        worker.finish(want);
        const parsed = parseAction(want.game.position, text);
        // Through the store, as a click would: the same checks, animation, autosave.
        if (!parsed.ok)
          fail(want.game, `${want.label}'s bot chose ${text}: ${parsed.error.message}`);
        else if (!s.play(parsed.value))
          fail(want.game, `${want.label}'s bot could not play ${text}`);
        else
          store.setState({
            lastThought: {
              label: want.label,
              level: want.level,
              depth: answer.depth,
              nodes: answer.nodes,
              ms: answer.ms,
              timedOut: answer.timedOut,
              at: want.game.length + 1,
            },
          } as Partial<S>);
        update();
      },
      (e) => {
        worker.finish(want);
        fail(want.game, `${want.label}'s bot failed: ${e.message}`);
      },
    );
  };

  const fail = (game: Game, message: string) => {
    failed = game;
    store.setState({ notice: { kind: 'error', text: message } } as Partial<S>);
    update();
  };

  const update = () => {
    if (updating) {
      again = true;
      return;
    }
    updating = true;
    try {
      do {
        again = false;
        const s = store.getState();
        if (s.game !== seen.game || s.cursor !== seen.cursor) {
          changedAt = now();
          seen = { game: s.game, cursor: s.cursor };
        }
        const want = wanted(s);
        const job = worker.job;
        if (
          job &&
          (!want || want.game !== job.game || want.label !== job.label || want.level !== job.level)
        )
          worker.stop();
        if (want && !worker.job) start(want);
        const thinking = worker.job?.label ?? null;
        if (s.thinking !== thinking) store.setState({ thinking } as Partial<S>);
      } while (again);
    } finally {
      updating = false;
    }
  };

  const disconnect = worker.drive(store, update);
  // Leaving the page stops the search; coming back (from the back/forward cache) resumes.
  const onHide = () => worker.end();
  const onShow = () => update();
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
  }
  return {
    update,
    cancel() {
      worker.stop();
      update();
    },
    setPacer(p) {
      pacerSet = p;
      update();
    },
    disconnect() {
      disconnect();
      if (typeof window !== 'undefined') {
        window.removeEventListener('pagehide', onHide);
        window.removeEventListener('pageshow', onShow);
      }
    },
  };
}
