/**
 * The messages between the page and the bot's Web Worker, and the worker's work: replay the
 * game sent (a saved game, or a setup and its actions), choose the action of the player to move
 * and answer with its text. Kept free of worker globals so that it runs in tests too.
 */
import { Game, OVER, loadGame, type GameSetup, type Result } from '../core';
import { chooseAction, isLevel, type Level } from './bot';

export interface BotRequest {
  /** Echoed in the answer, so that a late answer to an old request can be recognised. */
  id: number;
  /** The game as saveGame() wrote it (object or JSON text). */
  save?: unknown;
  /** Or the game's setup and the texts of the actions played so far. */
  setup?: GameSetup;
  actions?: string[];
  level: Level;
  /** Seed of the bot's random choices: the same game, level and seed give the same action. */
  seed?: string;
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
}

export type BotResponse = ({ id: number } & BotAnswer) | { id: number; error: string };

/** The game a request describes. */
export function replay(request: BotRequest): Result<Game> {
  if (request.save !== undefined) return loadGame(request.save);
  if (request.setup === undefined)
    return {
      ok: false,
      error: { code: 'bad-save', message: 'the request has neither a saved game nor a setup' },
    };
  const created = Game.create(request.setup);
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

/** Answer one request: the bot's action for the player to move, or why there is none. */
export function answer(request: BotRequest): BotResponse {
  const id = request?.id;
  if (!request || !isLevel(request.level))
    return { id, error: `the level must be 1, 2 or 3, got ${JSON.stringify(request?.level)}` };
  const game = replay(request);
  if (!game.ok) return { id, error: game.error.message };
  const pos = game.value.position;
  if (pos.phase === OVER) return { id, error: 'the game is over' };
  const choice = chooseAction(pos.clone(), { level: request.level, seed: request.seed ?? '0' });
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
