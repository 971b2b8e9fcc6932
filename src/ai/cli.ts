/**
 * The bots' command-line functions (wired into the command line by src/cli/main.ts):
 *
 *   match --players <n> --bots <l1,l2,…> --games <g> --seed <s>
 *         [--options hyperspace,collapse,cowardly,scavenger,shade]
 *         [--max-turns <turns per player, default 300>] [--node-scale <factor, default 1>]
 *     Plays complete games between bots (seats rotated between games), prints each game's
 *     result, and ends with one JSON line {"games":g,"wins":[…],"draws":d,"avgTurns":t}, where
 *     wins[i] counts the games won by the i-th bot of --bots and avgTurns is the mean number of
 *     turns after placement.
 *
 *   bestmove --fen "<FEN>" --level <l> [--seed <s>]
 *     Prints the bot's move for a two-player position in UCI long algebraic notation (e2e4,
 *     e7e8q) alone on the last line.
 *
 * Bad input prints one line "error: …" on stderr and returns exit code 2.
 */
import {
  FLAG_PLACE,
  OPTION_NAMES,
  ROLE_LETTERS,
  moveFlag,
  moveFrom,
  movePromotion,
  moveTo,
  parseFen,
  squareName,
  type OptionName,
  type Options,
} from '../core';
import { chooseAction, isLevel, type Level } from './bot';
import { describeGame, playGame, summarize, type GameOutcome, type MatchConfig } from './match';

class UsageError extends Error {}

/** Parse `--name value` / `--name=value` options; every option takes a value. */
function parseOptions(argv: readonly string[], known: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--'))
      throw new UsageError(`unexpected argument "${arg}" (options start with --)`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!known.includes(name))
      throw new UsageError(
        `unknown option --${name} (expected ${known.map((k) => `--${k}`).join(', ')})`,
      );
    if (values.has(name)) throw new UsageError(`--${name} is given twice`);
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`);
      value = argv[++i];
    }
    values.set(name, value);
  }
  return values;
}

function required(values: Map<string, string>, name: string): string {
  const v = values.get(name);
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

function integer(text: string, name: string, min: number, max: number): number {
  const v = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(v) || v < min || v > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return v;
}

function level(text: string, name: string): Level {
  const v = Number(text);
  if (!isLevel(v)) throw new UsageError(`--${name}: a level is 1, 2 or 3, got "${text}"`);
  return v;
}

function parseRuleOptions(text: string | undefined): Partial<Options> {
  const options: Partial<Options> = {};
  if (text === undefined || text.trim() === '') return options;
  for (const raw of text.split(',')) {
    const name = raw.trim();
    if (!(OPTION_NAMES as readonly string[]).includes(name))
      throw new UsageError(`--options: unknown rule "${name}" (known: ${OPTION_NAMES.join(', ')})`);
    options[name as OptionName] = true;
  }
  return options;
}

/** Run a command body, turning bad input into one error line and exit code 2. */
async function guarded(body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}`);
      return 2;
    }
    console.error(`error: ${(e as Error).message ?? String(e)}`);
    return 1;
  }
}

/** `match`: bot against bot; see the file comment. */
export function matchCommand(argv: string[]): Promise<number> {
  return guarded(async () => {
    const values = parseOptions(argv, [
      'players',
      'bots',
      'games',
      'seed',
      'options',
      'max-turns',
      'node-scale',
    ]);
    const players = integer(required(values, 'players'), 'players', 2, 8);
    const bots = required(values, 'bots')
      .split(',')
      .map((t) => level(t.trim(), 'bots'));
    if (bots.length !== players)
      throw new UsageError(
        `--bots must list one level per player: ${players} expected, got ${bots.length}`,
      );
    const games = integer(required(values, 'games'), 'games', 1, 100_000);
    const seed = required(values, 'seed');
    const options = parseRuleOptions(values.get('options'));
    const maxTurns = integer(values.get('max-turns') ?? '300', 'max-turns', 1, 100_000);
    const scaleText = values.get('node-scale') ?? '1';
    const nodeScale = Number(scaleText);
    if (!Number.isFinite(nodeScale) || nodeScale <= 0 || nodeScale > 100)
      throw new UsageError(`--node-scale must be a number above 0, got "${scaleText}"`);
    const config: MatchConfig = {
      players,
      bots,
      games,
      seed,
      options,
      maxTurnsPerPlayer: maxTurns,
      nodeScale,
    };
    const outcomes: GameOutcome[] = [];
    for (let g = 0; g < games; g++) {
      const outcome = playGame(config, g);
      outcomes.push(outcome);
      console.log(describeGame(config, outcome));
      await new Promise((resolve) => setImmediate(resolve));
    }
    console.log(JSON.stringify(summarize(config, outcomes)));
    return 0;
  });
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
export function bestmoveCommand(argv: string[]): Promise<number> {
  return guarded(async () => {
    const values = parseOptions(argv, ['fen', 'level', 'seed']);
    const fen = required(values, 'fen');
    const lvl = level(required(values, 'level'), 'level');
    const seed = values.get('seed') ?? '0';
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new UsageError(parsed.error.message);
    const choice = chooseAction(parsed.value, { level: lvl, seed });
    if (!choice || moveFlag(choice.action) >= FLAG_PLACE)
      throw new UsageError('the position has no legal move (checkmate or stalemate)');
    console.log(
      `info depth ${choice.depth} score ${choice.score} nodes ${choice.nodes} time ${Math.round(choice.ms)}`,
    );
    console.log(uciMove(choice.action));
    return 0;
  });
}
