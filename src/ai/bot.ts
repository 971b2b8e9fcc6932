/**
 * The bots: one action for the player to move, in every phase and mode of the rules.
 *
 * - Placement (R2.3): the placement policy (placement.ts).
 * - A single legal action (a pass, a lone forced capture or flight): played at once.
 * - The final move of a checkmated player (R6.3): the most valuable capture available,
 *   preferably of the checkmater's pieces (the player is out either way).
 * - Everything else — ordinary moves, forced captures (R6.3), Cowardly flight choices (R9.3),
 *   each move of a Hyperspace turn (R9.1) — by the search (search/).
 *
 * Levels: 1 (beginner) searches one ply plus captures and picks among the root moves with a
 * seeded random margin; 2 (club) and 3 (strong) search by iterative deepening to a node
 * budget calibrated to a few hundred milliseconds and to about 1–2 s a move on the reference
 * machine (2 cores, Node 20).
 *
 * Determinism: every limit that decides the move is a node count or a depth, and every random
 * choice comes from a generator seeded with the request's seed and the position's hash, so the
 * same position, level and seed give the same move on every machine and in every process. The
 * time cap of each level is a safety net several times the calibrated time; only if it fires
 * (a machine many times slower than the reference) can the move differ.
 */
import {
  ELIMINATED,
  FLAG_EN_PASSANT,
  KING,
  PAWN,
  MODE_FINAL,
  OVER,
  PLACEMENT,
  legalActionList,
  makeAction,
  moveFlag,
  moveTo,
  moveToBoard,
  roleOf,
  type Position,
  createRng as seededRandom,
} from '../core';
import { PlacementWorkspace, choosePlacement } from './placement';
import { Searcher, type SearchResult } from './search';
import { VALUE } from './tables';
import { exposedAfter } from './exposure';

export type Level = 1 | 2 | 3;
export const LEVELS: readonly Level[] = [1, 2, 3];

export interface LevelConfig {
  /** Deepest iteration. */
  maxDepth: number;
  /** Node budget per move (the deterministic limit). */
  nodes: number;
  /** Safety cap per move in milliseconds. */
  timeMs: number;
  /** Level 1: random margin (centipawns) added to each root move's score. */
  noise: number;
  /** Chance of a random board during placement. */
  placementRandomness: number;
  /** Placement: 0 greedy, 1 planned with exposure look-ahead, 2 also checked by search. */
  placementEffort: number;
}

export const LEVEL_CONFIG: Record<Level, LevelConfig> = {
  1: {
    maxDepth: 1,
    nodes: 4_000,
    timeMs: 2_000,
    noise: 120,
    placementRandomness: 0.35,
    placementEffort: 0,
  },
  2: {
    maxDepth: 32,
    nodes: 12_000,
    timeMs: 3_000,
    noise: 0,
    placementRandomness: 0,
    placementEffort: 1,
  },
  3: {
    maxDepth: 32,
    nodes: 300_000,
    timeMs: 10_000,
    noise: 0,
    placementRandomness: 0,
    placementEffort: 2,
  },
};

/**
 * Share of a level's node budget used with n players: the search is slower per node with more
 * players (more boards to generate and evaluate), so that the time per move stays similar.
 */
const PLAYER_SCALE = [1, 1, 1, 1, 1, 1, 0.8, 0.7, 0.6];

/** The node budget of a level with n players (the deterministic limit of each move). */
export function nodeBudget(level: Level, players: number): number {
  return Math.round(LEVEL_CONFIG[level].nodes * PLAYER_SCALE[players]);
}

/**
 * Whether the search counts my forced capture of a king I mated (R6.3) as a ply: not for level
 * 3, nor for level 2 from 5 players on. Counted, it took a ply from the layer that follows it,
 * where the mate's lost tempo is punished, so that layer fell to the quiescence search
 * (captures only, no mates) and the bot mated players only to be mated itself a turn later: a
 * third of level 3's losses at 5 players, and at 3 players too, where an opponent's quiet move
 * before the capture (reduced by late-move reductions) prepared the mate after it. Level 2
 * below 5 players keeps the ply: with the extension it won less against level 1 at 3 players
 * (29 of 48 games against 36 on the same seeds, src/ai/README.md). Level 1 keeps its one ply
 * (and the demo, five level-1 bots, its games).
 */
const extendsForcedCapture = (level: Level, players: number): boolean =>
  level === 3 || (level === 2 && players >= 5);

export interface ThinkOptions {
  level: Level;
  /** Seed of the bot's random choices (default "0"). */
  seed?: string;
  /** Override the level's node budget (benchmarks, tests); default nodeBudget(level, n). */
  nodes?: number;
  /** Override the level's safety cap (Infinity: none, for tests that must not depend on speed). */
  timeMs?: number;
  /**
   * Level 3 in the game: a time target per move in milliseconds (see SearchLimits.targetMs)
   * instead of the node budget; the move may then differ between machines. Tests and matches
   * leave it out and keep the deterministic node budget.
   */
  thinkMs?: number;
  /**
   * The working space to use. A bot should keep its own and pass it each time (making one
   * costs about 10 ms). Default: the shared workspace of callers that pass none.
   */
  workspace?: BotWorkspace;
}

/**
 * What a bot works with: the searcher (its tables and the evaluation's arrays) and the
 * placement's move lists. Owned by the caller, so that nothing is shared between bots.
 */
export class BotWorkspace {
  readonly searcher = new Searcher();
  readonly placement = new PlacementWorkspace(this.searcher.evaluator);
}

/**
 * The workspace of one-off callers that pass none (a script, a single question): made on first
 * use and shared by them, so that each call does not pay for a new one. Bots that play, the
 * worker and matches own theirs.
 */
let oneOff: BotWorkspace | null = null;
export const sharedWorkspace = (): BotWorkspace => (oneOff ??= new BotWorkspace());

export interface BotChoice {
  action: number;
  /** The action's text (R10.2). */
  text: string;
  /** Search score for the mover (centipawns; ±100000 is a forced win or loss), 0 without search. */
  score: number;
  depth: number;
  nodes: number;
  ms: number;
  /** How the action was chosen. */
  how: 'placement' | 'only' | 'final' | 'search';
  /** The safety cap stopped the search (the choice may then depend on the machine). */
  timedOut: boolean;
}

export const isLevel = (x: unknown): x is Level => x === 1 || x === 2 || x === 3;

/** The generator for one decision: the seed, and where in which game it is taken. */
function decisionRng(pos: Position, seed: string): () => number {
  return seededRandom(`${seed}|${pos.hashHi >>> 0}|${pos.hashLo >>> 0}|${pos.ply}`);
}

/**
 * The bot's action for the player to move, or null if the game is over. The position is
 * searched in place and restored (make/unmake); pass a clone if others read it meanwhile.
 */
export function chooseAction(pos: Position, options: ThinkOptions): BotChoice | null {
  if (pos.phase === OVER) return null;
  const started = performance.now();
  const config = LEVEL_CONFIG[options.level];
  const rng = decisionRng(pos, options.seed ?? '0');
  const choice = (action: number, how: BotChoice['how'], r?: SearchResult): BotChoice => ({
    action,
    text: makeAction(pos, action),
    score: r?.score ?? 0,
    depth: r?.depth ?? 0,
    nodes: r?.nodes ?? 0,
    ms: r?.ms ?? performance.now() - started,
    how,
    timedOut: r?.timedOut ?? false,
  });
  // A time target (level 3 in the game) replaces the node budget; the cap stays above it.
  const target = options.level === 3 ? options.thinkMs : undefined;
  const budget = options.nodes ?? nodeBudget(options.level, pos.n);
  const timeMs = target
    ? Math.min(options.timeMs ?? Infinity, target * 2)
    : (options.timeMs ?? config.timeMs);
  const { searcher, placement } = options.workspace ?? sharedWorkspace();
  if (pos.phase === PLACEMENT) {
    // Level 3 checks its last placements by searching the position play would start from.
    const verify = (p: Position, me: number) =>
      searcher.value(p, me, {
        maxDepth: 32,
        nodes: Math.max(200, Math.round(budget / 15)),
        timeMs,
      });
    const { placementRandomness, placementEffort } = config;
    return choice(
      choosePlacement(pos, rng, placement, placementRandomness, placementEffort, verify),
      'placement',
    );
  }
  const legal = legalActionList(pos);
  if (legal.length === 0) return null;
  if (legal.length === 1) return choice(legal[0], 'only');
  if (pos.mode === MODE_FINAL) return choice(finalMove(pos, legal, rng), 'final');

  const result = searcher.search(
    pos,
    {
      maxDepth: config.maxDepth,
      nodes: target ? Infinity : budget,
      timeMs,
      exactRoot: config.noise > 0,
      targetMs: target,
      extendForcedCapture: extendsForcedCapture(options.level, pos.n),
      leastExposed: options.level === 3,
    },
    (k) => Math.floor(rng() * k),
  );
  const action =
    config.noise > 0 && result.root.length > 1
      ? noisyChoice(pos, result.root, config.noise, rng)
      : result.action;
  return choice(action, 'search', result);
}

/**
 * Level 1's choice among the root moves: each one's score, less what it leaves en prise to any
 * opponent (its one-ply search sees only the next player's captures), plus a seeded random
 * margin. The margins are drawn in root order; the look at what a move leaves en prise, the
 * costly part, is taken best margin-lifted score first and stops once no move left can win (a
 * loss only lowers a score), so the choice is that of looking at every move.
 */
function noisyChoice(
  pos: Position,
  root: SearchResult['root'],
  noise: number,
  rng: () => number,
): number {
  const me = pos.turn;
  const lifted = root.map(({ action, score }, i) => ({ action, i, v: score + rng() * noise }));
  lifted.sort((a, b) => b.v - a.v || a.i - b.i);
  let best = lifted[0];
  let bestValue = -Infinity;
  for (const move of lifted) {
    if (move.v < bestValue) break;
    const value = move.v - exposedAfter(pos, move.action, me);
    if (value > bestValue || (value === bestValue && move.i < best.i)) {
      best = move;
      bestValue = value;
    }
  }
  return best.action;
}

/** The final move of a checkmated player (R6.3): take the most, the checkmater's first. */
function finalMove(pos: Position, legal: number[], rng: () => number): number {
  const mater = pos.mateBy[pos.turn];
  let best = legal[Math.floor(rng() * legal.length)];
  let bestValue = 0;
  for (const m of legal) {
    const tb = moveToBoard(m);
    const c = pos.pieceAt(tb, moveTo(m));
    let v =
      moveFlag(m) === FLAG_EN_PASSANT
        ? VALUE[PAWN]
        : c && roleOf(c) !== KING
          ? VALUE[roleOf(c)]
          : 0;
    if (!v) continue;
    const owner = pos.ownerOf(tb, c);
    if (pos.status[owner] === ELIMINATED) continue;
    if (owner === mater) v += 1000;
    if (v > bestValue) {
      bestValue = v;
      best = m;
    }
  }
  return best;
}
