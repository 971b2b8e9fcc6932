/**
 * The bots' commands:
 *
 *   match --players <n> --bots <l1,l2,…> --games <g> --seed <s>
 *         [--options hyperspace,collapse,cowardly,scavenger,shade,quiet]
 *         [--max-turns <turns per player, default 300>] [--node-scale <factor, default 1>]
 *         [--log <file>] [--part <k>/<m>]
 *     Plays complete games between bots (seats rotated between games), prints each game's
 *     result, and ends with one JSON line {"games":g,"wins":[…],"winShare":[…],"draws":d,
 *     "avgTurns":t}, where wins[i] counts the games won by the i-th bot of --bots, winShare[i]
 *     is its share of the games in percent as [95% low, share, 95% high] and avgTurns is the
 *     mean number of turns after placement. With --log, each finished game is added to the file
 *     and games of the same match already there are not played again (matchLog.ts): a match
 *     can be played in parts and resumed. --part k/m plays only games k, k+m, k+2m, … (so m
 *     processes can share a match); the summary counts every game of the match in the log.
 *
 *   bestmove --fen "<FEN>" --level <l> [--seed <s>]
 *     Prints the bot's move for a two-player position in UCI long algebraic notation (e2e4,
 *     e7e8q) alone on the last line, after an "info" line (depth, score, nodes, time).
 */
import {
  FLAG_PLACE,
  ROLE_LETTERS,
  moveFlag,
  moveFrom,
  movePromotion,
  moveTo,
  parseFen,
  quoteText,
  squareName,
} from '../core';
import { chooseAction, isLevel, type Level } from '../ai/bot';
import { describeGame, playGame, summarize, type GameOutcome, type MatchConfig } from '../ai/match';
import {
  expectPositional,
  parseArgs,
  parseOptionList,
  required,
  seedOption,
  wholeNumber,
} from './args';
import { UsageError } from './errors';
import type { Io } from './io';
import { appendToMatchLog, codeFingerprint, matchKey, readMatchLog } from './matchLog';

/** A bot level: 1, 2 or 3. */
function level(name: string, raw: string): Level {
  const v = /^\s*[123]\s*$/.test(raw) ? Number(raw) : NaN;
  if (!isLevel(v)) throw new UsageError(`${name}: a level is 1, 2 or 3, got ${quoteText(raw)}`);
  return v;
}

/** `match`: bot against bot; see the file comment. */
export async function matchCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, {
    players: 'value',
    bots: 'value',
    games: 'value',
    seed: 'value',
    options: 'value',
    'max-turns': 'value',
    'node-scale': 'value',
    log: 'value',
    part: 'value',
  });
  expectPositional(args, 0, 'match');
  const players = wholeNumber('--players', required(args, 'players'), 2, 8);
  const bots = required(args, 'bots')
    .split(',')
    .map((t) => level('--bots', t));
  if (bots.length !== players)
    throw new UsageError(
      `--bots must list one level per player: ${players} expected, got ${bots.length}`,
    );
  const games = wholeNumber('--games', required(args, 'games'), 1, 100_000);
  const seed = seedOption(args);
  const maxTurns = wholeNumber('--max-turns', args.values.get('max-turns') ?? '300', 1, 100_000);
  const scaleText = args.values.get('node-scale') ?? '1';
  const nodeScale = /^\s*[\d.]+\s*$/.test(scaleText) ? Number(scaleText) : NaN;
  if (!(nodeScale > 0 && nodeScale <= 100))
    throw new UsageError(
      `--node-scale must be a number above 0, at most 100, got ${quoteText(scaleText)}`,
    );
  const config: MatchConfig = {
    players,
    bots,
    games,
    seed,
    options: parseOptionList(args.values.get('options')),
    maxTurnsPerPlayer: maxTurns,
    nodeScale,
  };
  const [part, parts] = partOption(args.values.get('part'));
  const log = args.values.get('log');
  const key = log === undefined ? '' : matchKey(config, codeFingerprint());
  const logged =
    log === undefined ? new Map<number, GameOutcome>() : readMatchLog(log, key, players);
  if (logged.size) io.out(`${logged.size} games of this match already in the log`);
  for (let g = part - 1; g < games; g += parts) {
    if (logged.has(g)) continue;
    const outcome = playGame(config, g);
    if (log !== undefined) appendToMatchLog(log, key, outcome);
    logged.set(g, outcome);
    io.out(describeGame(config, outcome));
    // Let the line reach the terminal before the next game starts.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Other parts may have added games meanwhile: the summary counts all of them.
  const all = log === undefined ? logged : readMatchLog(log, key, players);
  const outcomes = [...all.values()].filter((o) => o.game < games).sort((a, b) => a.game - b.game);
  io.out(JSON.stringify(summarize(config, outcomes)));
  return 0;
}

/** `--part k/m`: this process plays games k, k + m, k + 2m, … (1 ≤ k ≤ m ≤ 64); all by default. */
function partOption(raw: string | undefined): [number, number] {
  if (raw === undefined) return [1, 1];
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const [k, of] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(k >= 1 && k <= of && of <= 64))
    throw new UsageError(`--part must be k/m with 1 ≤ k ≤ m ≤ 64, got ${quoteText(raw)}`);
  return [k, of];
}

/** UCI long algebraic notation of a two-player move: e2e4, e7e8q, e1g1 (castling). */
export function uciMove(m: number): string {
  const promo = movePromotion(m);
  return (
    squareName(moveFrom(m)) +
    squareName(moveTo(m)) +
    (promo ? ROLE_LETTERS[promo].toLowerCase() : '')
  );
}

/** `bestmove`: the bot's move for a FEN position; see the file comment. */
export function bestmoveCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { fen: 'value', level: 'value', seed: 'value' });
  expectPositional(args, 0, 'bestmove');
  const fen = required(args, 'fen');
  const lvl = level('--level', required(args, 'level'));
  const seed = args.values.has('seed') ? seedOption(args) : '0';
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new UsageError(`--fen: ${parsed.error.message}`);
  const choice = chooseAction(parsed.value, { level: lvl, seed });
  if (!choice || moveFlag(choice.action) >= FLAG_PLACE)
    throw new UsageError('the position has no legal move (checkmate or stalemate)');
  io.out(
    `info depth ${choice.depth} score ${choice.score} nodes ${choice.nodes} time ${Math.round(choice.ms)}`,
  );
  io.out(uciMove(choice.action));
  return 0;
}
