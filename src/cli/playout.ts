/**
 * Random legal games: from Game.create through placement and play, each action chosen
 * uniformly by a seeded generator among the legal ones, optionally checking every invariant
 * after every action (src/cli/invariants.ts).
 */
import {
  DEFAULT_COLOURS,
  Game,
  defaultSetup,
  type GameResult,
  type GameStatus,
  type Options,
} from '../core';
import { CheckFailure, UsageError } from './errors';
import { checkInvariants, checkPosition, type CheckOptions, type Violation } from './invariants';
import { pick, seededRandom } from './rng';

/** The most actions a playout may be asked for (games end long before). */
export const MAX_PLAYOUT_ACTIONS = 1_000_000;

export interface PlayoutOptions {
  players: number;
  seed: string;
  /** At most this many actions (placements included). */
  moves: number;
  /** Check the invariants after every action; an object picks which costly checks run. */
  check?: boolean | CheckOptions;
  /**
   * With check on: run the save/load replay (whose cost grows with the game) only after every
   * k-th action and after the last one. Default 1: after every action.
   */
  saveLoadEvery?: number;
  /** Optional rules (R9). */
  options?: Partial<Options>;
}

export interface PlayoutSummary {
  players: number;
  seed: string;
  actions: number;
  phase: GameStatus['phase'];
  turn: string | null;
  result: GameResult | null;
  eliminated: string[];
  checked: boolean;
}

export interface PlayoutResult {
  game: Game;
  summary: PlayoutSummary;
}

/** An invariant broken by action `action` (1-based), with the action's text. */
export class InvariantFailure extends CheckFailure {
  override name = 'InvariantFailure';
  constructor(
    readonly action: number,
    readonly text: string,
    readonly violation: Violation,
  ) {
    super(
      `action ${action} (${text}): invariant ${violation.invariant} broken: ${violation.message}`,
    );
  }
}

/** A new game of n players named "Player 1", … with distinct colours. */
export function newGame(players: number, seed: string, options: Partial<Options> = {}): Game {
  if (!Number.isInteger(players) || players < 2 || players > DEFAULT_COLOURS.length)
    throw new UsageError(`--players must be a whole number from 2 to 8, got ${players}`);
  const created = Game.create(defaultSetup(players, seed, options));
  if (!created.ok) throw new UsageError(created.error.message);
  return created.value;
}

/** The status of a game as one summary object. */
export function summarize(game: Game, seed: string, checked: boolean): PlayoutSummary {
  const status = game.status();
  return {
    players: game.players.length,
    seed,
    actions: game.length,
    phase: status.phase,
    turn: status.turn,
    result: status.result,
    eliminated: status.players.filter((p) => p.state === 'eliminated').map((p) => p.label),
    checked,
  };
}

/** Play one random game; throws InvariantFailure on the first broken invariant (with check). */
export function runPlayout(options: PlayoutOptions): PlayoutResult {
  const { players, seed, moves, check = false, saveLoadEvery = 1, options: rules = {} } = options;
  const checkOptions: CheckOptions = typeof check === 'object' ? check : {};
  const rng = seededRandom(`${seed}:playout`);
  let game = newGame(players, seed, rules);
  if (check) {
    const v = checkPosition(game.position);
    if (v) throw new InvariantFailure(0, 'start position', v);
  }
  while (game.length < moves) {
    const legal = game.legalActions();
    if (legal.length === 0) break;
    const action = pick(rng, legal);
    const text = game.actionText(action);
    const next = game.play(action);
    if (!next.ok)
      throw new InvariantFailure(game.length + 1, text, {
        invariant: 'legal-actions',
        message: `a listed legal action was refused: ${next.error.message}`,
      });
    if (check) {
      const last = next.value.length >= moves || next.value.legalActions().length === 0;
      const saveLoad =
        checkOptions.saveLoad !== false && (last || next.value.length % saveLoadEvery === 0);
      const v = checkInvariants(game, action, next.value, { ...checkOptions, saveLoad });
      if (v) throw new InvariantFailure(next.value.length, text, v);
    }
    game = next.value;
  }
  return { game, summary: summarize(game, seed, !!check) };
}
