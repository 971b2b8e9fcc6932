/**
 * Search speed of the bots: nodes (moves made, quiescence included) per second at 3, 5 and 8
 * players against the reference evaluation (test/ai/evalReference.ts: every board analysed at
 * every node) in the same run, the time a move of levels 2 and 3 takes and the depths they
 * reach, on middlegame positions reached by seeded bot games, and what a bot move costs
 * besides its search early and late in a long game.
 * Prints JSON lines. Call benchAi(), benchLevels() and benchBotMove() (bench/index.ts does), or
 * run this file with tsx.
 */
import { defaultSetup, Game, OVER, PLAY, play, saveGame, type Position } from '../src/core';
import { BotWorkspace, chooseAction, nodeBudget, type Level } from '../src/ai/bot';
import { createBotClient, type BotClient, type BotWorker } from '../src/ai/client';
import { BotHost, type BotRequest, type BotResponse } from '../src/ai/protocol';
import { ReferenceEvaluator } from '../test/ai/evalReference';
import { MATE_BOUND, Searcher } from '../src/ai/search';
import { newGame, playRandomly } from './games';

/** A middlegame position of an n-player game: placement, then a few rounds of level-1 moves. */
function samplePosition(n: number, seed: string, rounds: number): Position | null {
  const created = Game.create(defaultSetup(n, seed, {}, (i) => `P${i + 1}`));
  if (!created.ok) throw new Error(created.error.message);
  const pos = created.value.position.clone();
  const workspace = new BotWorkspace();
  let turns = 0;
  while (pos.phase !== OVER && turns < rounds * n) {
    const choice = chooseAction(pos, { level: 1, seed, nodes: 300, workspace });
    if (!choice) break;
    if (pos.phase === PLAY) turns++;
    play(pos, choice.action);
    pos.commit();
  }
  return pos.phase === PLAY ? pos : null;
}

export interface AiBenchLine {
  bench: 'ai';
  players: number;
  positions: number;
  nodes: number;
  ms: number;
  nodesPerSecond: number;
  /** The same searches with the reference evaluation (every board analysed at every node). */
  referenceNodesPerSecond: number;
  /** nodesPerSecond / referenceNodesPerSecond. */
  speedup: number;
  depth: number;
}

/** Middlegame positions of n-player games (the same for every run). */
function samplePositions(n: number, wanted: number): Position[] {
  const positions: Position[] = [];
  for (let k = 0; positions.length < wanted && k < wanted * 5; k++) {
    const pos = samplePosition(n, `bench-${n}-${k}`, 4);
    if (pos) positions.push(pos);
  }
  return positions;
}

const rate = (nodes: number, ms: number): number => Math.round((nodes / Math.max(ms, 1)) * 1000);

/**
 * Nodes per second of the search at 3, 5 and 8 players (JSON lines), against the reference in
 * the same run: the same searches, alternating position by position, with an evaluation that
 * analyses every board at every node. Both must find the same moves and scores and count the
 * same nodes.
 */
export function benchAi(
  options: { nodes?: number; positions?: number; players?: number[] } = {},
): AiBenchLine[] {
  const budget = options.nodes ?? 20_000;
  const lines: AiBenchLine[] = [];
  const searcher = new Searcher();
  const reference = new Searcher(new ReferenceEvaluator());
  const limits = { maxDepth: 64, nodes: budget, timeMs: 60_000 };
  // Warm both up (compiled code) before anything is timed.
  for (const pos of samplePositions(4, 2))
    for (const s of [searcher, reference]) s.search(pos, { ...limits, nodes: 5_000 });
  for (const n of options.players ?? [3, 5, 8]) {
    let nodes = 0;
    let ms = 0;
    let refMs = 0;
    let depth = 0;
    const positions = samplePositions(n, options.positions ?? 4);
    for (const pos of positions) {
      const r = searcher.search(pos, limits);
      const ref = reference.search(pos, limits);
      if (ref.nodes !== r.nodes || ref.action !== r.action || ref.score !== r.score)
        throw new Error(`the reference searched differently at ${n} players`);
      nodes += r.nodes;
      ms += r.ms;
      refMs += ref.ms;
      depth += r.depth;
    }
    const count = positions.length;
    const line: AiBenchLine = {
      bench: 'ai',
      players: n,
      positions: count,
      nodes,
      ms: Math.round(ms),
      nodesPerSecond: rate(nodes, ms),
      referenceNodesPerSecond: rate(nodes, refMs),
      speedup: Math.round((refMs / Math.max(ms, 1)) * 100) / 100,
      depth: count ? Math.round((depth / count) * 10) / 10 : 0,
    };
    console.log(JSON.stringify(line));
    lines.push(line);
  }
  return lines;
}

export interface LevelBenchLine {
  bench: 'ai-level';
  players: number;
  level: Level;
  positions: number;
  /** The level's node budget at this player count (the deterministic limit). */
  budget: number;
  msPerMove: number;
  depth: number;
  /** How many positions the level completed each depth on (depth: count). */
  depths: Record<number, number>;
  /**
   * Positions decided before the budget, whose depth says nothing of the search's reach: one
   * legal action (no search), or a forced win or loss found.
   */
  decided: number;
}

/**
 * Time a move of levels 2 and 3 as players get them (their own node budgets) at 3, 5 and 8
 * players on a fixed set of middlegame positions, and the depths they complete. Prints one
 * JSON line per level and count.
 */
export function benchLevels(
  options: { positions?: number; players?: number[]; levels?: Level[] } = {},
): LevelBenchLine[] {
  const lines: LevelBenchLine[] = [];
  for (const n of options.players ?? [3, 5, 8]) {
    const positions = samplePositions(n, options.positions ?? 8);
    const workspace = new BotWorkspace();
    for (const level of options.levels ?? ([2, 3] as Level[])) {
      let ms = 0;
      let depth = 0;
      const depths: Record<number, number> = {};
      let decided = 0;
      for (const pos of positions) {
        const choice = chooseAction(pos.clone(), { level, seed: 'bench', workspace });
        if (!choice || choice.nodes === 0 || Math.abs(choice.score) >= MATE_BOUND) decided++;
        ms += choice?.ms ?? 0;
        depth += choice?.depth ?? 0;
        const d = choice?.depth ?? 0;
        depths[d] = (depths[d] ?? 0) + 1;
      }
      const count = Math.max(positions.length, 1);
      const line: LevelBenchLine = {
        bench: 'ai-level',
        players: n,
        level,
        positions: positions.length,
        budget: nodeBudget(level, n),
        msPerMove: Math.round(ms / count),
        depth: Math.round((depth / count) * 10) / 10,
        depths,
        decided,
      };
      console.log(JSON.stringify(line));
      lines.push(line);
    }
  }
  return lines;
}

/** A worker stand-in running the worker's own BotHost in this process. */
class InProcessWorker implements BotWorker {
  onmessage: ((event: MessageEvent<BotResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly host = new BotHost();
  postMessage(message: BotRequest): void {
    queueMicrotask(() => this.onmessage?.({ data: this.host.answer(message) } as MessageEvent));
  }
  terminate(): void {}
}

/** A game of random legal actions, as long as it lasts up to `length` actions. */
const randomGame = (players: number, seed: string, length: number): Game =>
  playRandomly(newGame(players, seed), seed, (g) => g.length < length && g.position.phase !== OVER);

export interface BotMoveBenchLine {
  bench: 'bot-move';
  players: number;
  /** Actions in the game when the bot is asked. */
  move: number;
  /** What the first request costs besides the search: the worker replays the whole game. */
  wholeGameMs: number;
  /** What each later request costs besides the search (median of `moves`): the new actions. */
  nextMs: number;
  moves: number;
}

/** Time one think() of the client, less the search's own time. */
async function overhead(client: BotClient, game: Game): Promise<{ ms: number; action: string }> {
  const started = performance.now();
  const answer = await client.think({ save: saveGame(game), level: 1, seed: 'bench' });
  return { ms: performance.now() - started - answer.ms, action: answer.action };
}

/**
 * What a bot move costs besides its search at action 50 and at action 1 500 of a random
 * 8-player game, through the client and the worker's host: the first request (the whole game
 * replayed) and the next ones (only the new actions). The later ones should cost the same at
 * both points of the game.
 */
export async function benchBotMove(
  options: { players?: number; at?: number[]; moves?: number } = {},
): Promise<BotMoveBenchLine[]> {
  const players = options.players ?? 8;
  const moves = options.moves ?? 5;
  const points = options.at ?? [50, 1500];
  const long = randomGame(players, 'bench-long', Math.max(...points));
  const lines: BotMoveBenchLine[] = [];
  for (const at of points) {
    let game = long.truncate(Math.min(at, long.length));
    const client = createBotClient({ createWorker: () => new InProcessWorker() });
    const first = await overhead(client, game);
    const next: number[] = [];
    let action = first.action;
    for (let i = 0; i < moves && game.position.phase !== OVER; i++) {
      const played = game.play(action);
      if (!played.ok) throw new Error(played.error.message);
      game = played.value;
      if (game.position.phase === OVER) break;
      const r = await overhead(client, game);
      next.push(r.ms);
      action = r.action;
    }
    next.sort((a, b) => a - b);
    const line: BotMoveBenchLine = {
      bench: 'bot-move',
      players,
      move: Math.min(at, long.length),
      wholeGameMs: Math.round(first.ms * 10) / 10,
      nextMs: Math.round((next[next.length >> 1] ?? 0) * 10) / 10,
      moves: next.length,
    };
    console.log(JSON.stringify(line));
    lines.push(line);
  }
  return lines;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  benchAi();
  benchLevels();
  await benchBotMove();
}
