/**
 * The messages between the page and the bot's Web Worker, and the worker's work (BotHost): keep
 * the game it was sent, follow it as new actions arrive, choose the action of the player to
 * move and answer with its text. Kept free of worker globals so that it runs in tests too.
 *
 * A request describes the game in full (a saved game, or a setup and its actions) or, once the
 * worker holds the game, only what was played since: `since` (how many actions the worker must
 * already hold) and the new `actions`. A worker that does not hold that game (a fresh worker,
 * or one whose last request failed) answers `resync`, and the client sends the full request.
 * So a bot move costs the same at action 1 500 as at action 50 (bench/ai.ts measures it).
 */
import {
  Game,
  OVER,
  loadGame,
  parseAction,
  parsePosition,
  play,
  type GameSetup,
  type Position,
  type PositionJson,
  type Result,
} from '../core';
import { analysePosition } from './analyse';
import { BotWorkspace, chooseAction, isLevel, sharedWorkspace, type Level } from './bot';
import { adviseMove, threatsTo, type Advice } from './hint';

export interface BotRequest {
  /** Echoed in the answer, so that a late answer to an old request can be recognised. */
  id: number;
  /** The game as saveGame() wrote it (object or JSON text). */
  save?: unknown;
  /** Or the game's setup and the texts of the actions played so far. */
  setup?: GameSetup;
  /**
   * With setup: the position the game starts from, for a game set up from a position
   * (Game.fromPosition: "Play from here", a lesson), which has no saved form.
   */
  position?: PositionJson;
  /** The actions played so far (with setup), or since the first `since` actions. */
  actions?: string[];
  /** Or continue the game the worker holds: it holds exactly this many actions of it. */
  since?: number;
  level: Level;
  /** Seed of the bot's random choices: the same game, level and seed give the same action. */
  seed?: string;
  /** Level 3: a time target per move in ms instead of the node budget ("thinking time"). */
  thinkMs?: number;
  /**
   * What is asked (default: the bot's action). 'hint': the action with its reason for the
   * player to move; 'threats': each opponent's action and reason if it were their turn;
   * 'line': the bots' best line from the position (the analysis board), `steps` actions long.
   */
  ask?: 'hint' | 'threats' | 'line';
  /** 'line': how many actions (1–MAX_LINE_STEPS), each the best in the position after the one before. */
  steps?: number;
  /** 'line': each step's node budget (default: the level's). */
  nodes?: number;
}

/** The longest best line asked. */
export const MAX_LINE_STEPS = 16;

/** One action of the best line: who plays it, its text (R10.2) and its score for that player. */
export interface LineStep {
  player: number;
  action: string;
  /** Centipawns for `player` (±100 000: a forced win or loss). */
  score: number;
  depth: number;
  nodes: number;
}

/** The bot's answer: its action and how it was found. */
export interface BotAnswer {
  /** The chosen action's text (R10.2), to be played with Game.play(). */
  action: string;
  /** Search score for the mover (centipawns), depth reached, nodes searched, time taken. */
  score: number;
  depth: number;
  nodes: number;
  ms: number;
  /** The level's safety cap stopped the search before its node budget (a slow machine). */
  timedOut: boolean;
  /** A hint: the action with its reason (`ask: 'hint'`). */
  advice?: Advice;
  /** Threats: each opponent's action and reason (`ask: 'threats'`; `action` is then empty). */
  threats?: Advice[];
  /**
   * The best line (`ask: 'line'`; `action` and `score` are its first step's). It stops early
   * where nothing is judged: the game over, a placement, a mated player's final move (R6.3).
   */
  line?: LineStep[];
}

export type BotResponse =
  | ({ id: number } & BotAnswer)
  | { id: number; error: string }
  /** A `since` request to a worker that does not hold that game: send the whole game. */
  | { id: number; resync: true };

/** Why a list of action texts cannot be read (not a list, or an entry not a text), or null. */
function badActions(actions: unknown, offset: number): string | null {
  if (actions === undefined) return null;
  if (!Array.isArray(actions)) return '"actions" must be a list of texts';
  const i = actions.findIndex((text) => typeof text !== 'string');
  return i < 0
    ? null
    : `action ${offset + i + 1} must be a text, got ${JSON.stringify(actions[i])}`;
}

/**
 * Play action texts on a position, each checked by the rules; `offset` is how many actions
 * came before (for messages). On a bad action the position is left as it was.
 */
function follow(pos: Position, actions: readonly string[], offset: number): string | null {
  const depth = pos.undoDepth;
  for (const [i, text] of actions.entries()) {
    const parsed = parseAction(pos, text);
    const played = parsed.ok ? play(pos, parsed.value) : parsed;
    if (!played.ok) {
      while (pos.undoDepth > depth) pos.undo();
      return `action ${offset + i + 1} (${text}): ${played.error.message}`;
    }
  }
  pos.commit();
  return null;
}

/** The game a request's setup and position start (a new game without a position). */
function startOf(request: BotRequest & { setup: GameSetup }): Result<Game> {
  if (request.position === undefined) return Game.create(request.setup);
  const start = parsePosition(request.position);
  if (!start.ok)
    return {
      ok: false,
      error: { code: start.error.code, message: `position: ${start.error.message}` },
    };
  return Game.fromPosition(request.setup, start.value);
}

/** The game a full request describes (a saved game, or a setup, its position and its actions). */
export function replay(request: BotRequest): Result<Game> {
  if (request.save !== undefined) return loadGame(request.save);
  if (request.setup === undefined)
    return {
      ok: false,
      error: { code: 'bad-save', message: 'the request has neither a saved game nor a setup' },
    };
  const bad = badActions(request.actions, 0);
  if (bad) return { ok: false, error: { code: 'bad-save', message: bad } };
  const created = startOf({ ...request, setup: request.setup });
  if (!created.ok) return created;
  let game = created.value;
  for (const [i, text] of (request.actions ?? []).entries()) {
    const next = game.play(text);
    if (!next.ok)
      return {
        ok: false,
        error: {
          code: next.error.code,
          message: `action ${i + 1} (${text}): ${next.error.message}`,
        },
      };
    game = next.value;
  }
  return { ok: true, value: game };
}

/** Why a 'line' request's steps or node budget cannot be used, or null. */
function lineRefusal(request: BotRequest): string | null {
  const { steps, nodes } = request;
  if (steps !== undefined && !(Number.isInteger(steps) && steps >= 1 && steps <= MAX_LINE_STEPS))
    return `steps must be a whole number from 1 to ${MAX_LINE_STEPS}, got ${JSON.stringify(steps)}`;
  if (nodes !== undefined && !(Number.isInteger(nodes) && nodes >= 1 && nodes <= 10_000_000))
    return `nodes must be a whole number from 1 to 10 000 000, got ${JSON.stringify(nodes)}`;
  return null;
}

export interface BotHostOptions {
  /** The safety cap of every search (default: the level's; Infinity for none, in tests). */
  timeMs?: number;
  /** The bot's workspace (default: a new one, the host's own). */
  workspace?: BotWorkspace;
}

/**
 * The worker's state and work: the position of the game it follows (played on in place, no
 * copy per action), how many actions led to it, and the bot's workspace.
 */
export class BotHost {
  private pos: Position | null = null;
  private length = 0;
  private readonly workspace: BotWorkspace;

  constructor(private readonly options: BotHostOptions = {}) {
    this.workspace = options.workspace ?? new BotWorkspace();
  }

  /** Answer one request: the bot's action for the player to move, or why there is none. */
  answer(request: BotRequest): BotResponse {
    const id = request?.id;
    if (!request || !isLevel(request.level))
      return { id, error: `the level must be 1, 2 or 3, got ${JSON.stringify(request?.level)}` };
    const think = request.thinkMs;
    if (think !== undefined && !(typeof think === 'number' && think > 0 && think <= 60_000))
      return {
        id,
        error: `thinkMs must be a number of ms above 0, at most 60 000, got ${JSON.stringify(think)}`,
      };
    const asks = [undefined, 'hint', 'threats', 'line'];
    if (!asks.includes(request.ask))
      return {
        id,
        error: `"ask" must be "hint", "threats" or "line", got ${JSON.stringify(request.ask)}`,
      };
    const badLine = request.ask === 'line' ? lineRefusal(request) : null;
    if (badLine) return { id, error: badLine };
    if (request.since !== undefined) {
      if (this.pos === null || this.length !== request.since) return { id, resync: true };
      const actions = request.actions ?? [];
      // On a bad action the game held stays as it was; the client then sends the whole game.
      const bad = badActions(actions, request.since) ?? follow(this.pos, actions, request.since);
      if (bad) return { id, error: bad };
      this.length += actions.length;
    } else {
      this.pos = null;
      const game = replay(request);
      if (!game.ok) return { id, error: game.error.message };
      this.pos = game.value.position.clone();
      this.length = game.value.length;
    }
    const pos = this.pos;
    if (pos.phase === OVER) return { id, error: 'the game is over' };
    if (request.ask === 'line') return this.line(request, pos);
    if (request.ask !== undefined) return this.advise(request, pos);
    // Searched in place: the search restores the position (make/unmake).
    const choice = chooseAction(pos, {
      level: request.level,
      seed: request.seed ?? '0',
      timeMs: this.options.timeMs,
      thinkMs: request.thinkMs,
      workspace: this.workspace,
    });
    if (!choice) return { id, error: 'the player to move has no action' };
    return {
      id,
      action: choice.text,
      score: choice.score,
      depth: choice.depth,
      nodes: choice.nodes,
      ms: Math.round(choice.ms),
      timedOut: choice.timedOut,
    };
  }

  /**
   * The best line: each step the best action of the position after the steps before it, by one
   * search (analysePosition). Played on a copy, so the game held stays as it was.
   */
  private line(request: BotRequest, held: Position): BotResponse {
    const started = performance.now();
    const pos = held.clone();
    const line: LineStep[] = [];
    for (let i = 0; i < (request.steps ?? 1); i++) {
      const found = analysePosition(pos, {
        level: request.level,
        nodes: request.nodes,
        timeMs: this.options.timeMs,
        workspace: this.workspace,
      });
      if (!found) break;
      const { mover: player, best: action, score, depth, nodes } = found;
      line.push({ player, action, score, depth, nodes });
      const parsed = parseAction(pos, action);
      const played = parsed.ok ? play(pos, parsed.value) : parsed;
      if (!played.ok)
        return { id: request.id, error: `the line's ${action}: ${played.error.message}` };
    }
    if (line.length === 0) return { id: request.id, error: 'nothing to judge in this position' };
    return {
      id: request.id,
      action: line[0].action,
      score: line[0].score,
      depth: Math.min(...line.map((s) => s.depth)),
      nodes: line.reduce((k, s) => k + s.nodes, 0),
      ms: Math.round(performance.now() - started),
      timedOut: false,
      line,
    };
  }

  /** A hint for the player to move, or the threats of the others (searched in place). */
  private advise(request: BotRequest, pos: Position): BotResponse {
    const started = performance.now();
    const options = {
      level: request.level,
      seed: request.seed ?? '0',
      timeMs: this.options.timeMs,
      workspace: this.workspace,
    };
    const ms = () => Math.round(performance.now() - started);
    if (request.ask === 'threats') {
      const threats = threatsTo(pos, options);
      const nodes = threats.reduce((k, t) => k + t.nodes, 0);
      const depth = threats.length ? Math.min(...threats.map((t) => t.depth)) : 0;
      return {
        id: request.id,
        action: '',
        score: 0,
        depth,
        nodes,
        ms: ms(),
        timedOut: false,
        threats,
      };
    }
    const advice = adviseMove(pos, options);
    if (!advice) return { id: request.id, error: 'the player to move has no action' };
    const { text: action, score, depth, nodes } = advice;
    return { id: request.id, action, score, depth, nodes, ms: ms(), timedOut: false, advice };
  }
}

/**
 * Answer one request with a host that holds no game (a one-off question, or a stand-in worker
 * in tests: asked to continue a game, it answers resync and gets the whole game).
 */
export function answer(request: BotRequest): BotResponse {
  return new BotHost({ workspace: sharedWorkspace() }).answer(request);
}
